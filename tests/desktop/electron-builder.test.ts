import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import Ajv from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { APP_ID } from '../../electron/main/config';

const require = createRequire(import.meta.url);
const config = parse(readFileSync('electron-builder.yml', 'utf8')) as Record<string, unknown>;

/** electron-builder's own JSON schema of its configuration, as shipped with it. */
function validator() {
  const schema = JSON.parse(readFileSync(require.resolve('app-builder-lib/scheme.json'), 'utf8'));
  return new Ajv({ allErrors: true }).compile(schema);
}

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's configuration schema", () => {
    const validate = validator();
    const ok = validate(config);
    expect(validate.errors ?? [], JSON.stringify(validate.errors, null, 2)).toEqual([]);
    expect(ok).toBe(true);
  });

  it('the schema check can fail (a misspelt key is caught)', () => {
    const validate = validator();
    expect(validate({ ...config, prodcutName: 'Spar' })).toBe(false);
    expect(validate({ ...config, win: { target: 42 } })).toBe(false);
  });

  it('packages Spar for Windows (NSIS), macOS (DMG, and the zip updates use) and Linux (AppImage, deb)', () => {
    expect(config).toMatchObject({ appId: 'game.spar.app', productName: 'Spar' });
    expect((config.win as { target: string[] }).target).toEqual(['nsis']);
    expect((config.mac as { target: string[] }).target).toEqual(['dmg', 'zip']);
    expect((config.linux as { target: string[] }).target).toEqual(['AppImage', 'deb']);
    expect(config.protocols).toEqual([{ name: 'Spar', schemes: ['spar'] }]);
  });

  it('ships only the desktop builds, with icons the build generates', () => {
    const included = (config.files as string[]).filter((f) => !f.startsWith('!'));
    expect(included).toEqual([
      'package.json',
      'dist/desktop/main/**',
      'dist/desktop/preload/**',
      'dist/desktop/renderer/**',
    ]);
    expect(config.files).toContain('!node_modules/**');
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.main).toBe('dist/desktop/main/index.js');
    expect(pkg.scripts['build:desktop']).toContain('build/desktop/generate-icons.mjs');
    for (const platform of ['win', 'mac', 'linux'])
      expect((config[platform] as { icon: string }).icon).toMatch(/^dist\/desktop\/icons\//);
  });
});

describe('what a release needs', () => {
  it('flips the fuses at packaging: no Node mode, NODE_OPTIONS or --inspect; encrypted cookies; the asar only, checked', () => {
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableCookieEncryption: true,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
    });
  });

  it('has the package metadata the Linux packages need (homepage, maintainer, desktop name, categories)', () => {
    const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
    expect(pkg.homepage).toMatch(/^https:\/\//);
    expect(pkg.author).toMatchObject({ name: 'Spar', email: 'support@spar.game' });
    expect(pkg.desktopName).toBe('spar.desktop');
    expect(config.linux).toMatchObject({ category: 'Game;CardGame', syncDesktopName: true });
  });
});

describe('updates, signing and notarisation', () => {
  it('publishes for the generic provider at the feed of SPAR_UPDATE_URL', () => {
    expect(config.publish).toEqual({
      provider: 'generic',
      url: '${env.SPAR_UPDATE_URL}',
      useMultipleRangeRequest: false,
    });
  });

  it('holds no secret: no credential keys, and no variable but the feed URL read into the config', () => {
    const found: string[] = [];
    const walk = (value: unknown, at: string) => {
      if (typeof value === 'string') {
        if (value.includes('${env.') && at !== 'publish.url') found.push(`${at}: ${value}`);
        if (/BEGIN (RSA |EC )?PRIVATE KEY|\.(p12|pfx|p8)$/i.test(value)) found.push(`${at}: ${value}`);
      } else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          if (/password|secret|token|csc|certificate(File|Sha1|Subject)|appleId|apiKey|identity/i.test(key))
            found.push(`${at}.${key}`);
          walk(inner, at ? `${at}.${key}` : key);
        }
    };
    walk(config, '');
    expect(found).toEqual([]);
    // Nor is a certificate or key file part of the repository.
    const tracked = spawnSync('git', ['ls-files'], { encoding: 'utf8' }).stdout.split('\n');
    expect(tracked.length).toBeGreaterThan(100);
    expect(
      tracked.filter((file) => /\.(p12|pfx|p8|cer|pem|key|mobileprovision|provisionprofile)$/i.test(file)),
    ).toEqual([]);
  });

  it('signs macOS builds with the hardened runtime and entitlements that allow only the JIT', () => {
    expect(config.mac).toMatchObject({
      hardenedRuntime: true,
      notarize: true,
      entitlements: 'build/desktop/entitlements.mac.plist',
      entitlementsInherit: 'build/desktop/entitlements.mac.plist',
    });
    const plist = readFileSync('build/desktop/entitlements.mac.plist', 'utf8');
    expect([...plist.matchAll(/<key>([^<]+)<\/key>/g)].map((m) => m[1])).toEqual([
      'com.apple.security.cs.allow-jit',
    ]);
  });

  it('notarises from the environment only: Apple ID, team and password, or an API key', () => {
    const { MacTargetHelper } = require('app-builder-lib/out/mac/MacTargetHelper') as {
      MacTargetHelper: { getNotarizeOptions(appPath: string): Record<string, string> | undefined };
    };
    const names = [
      'APPLE_ID',
      'APPLE_APP_SPECIFIC_PASSWORD',
      'APPLE_TEAM_ID',
      'APPLE_API_KEY',
      'APPLE_API_KEY_ID',
      'APPLE_API_ISSUER',
      'APPLE_KEYCHAIN',
      'APPLE_KEYCHAIN_PROFILE',
    ];
    const saved = Object.fromEntries(names.map((name) => [name, process.env[name]]));
    const withEnv = (env: Record<string, string>) => {
      for (const name of names) delete process.env[name];
      Object.assign(process.env, env);
      try {
        return MacTargetHelper.getNotarizeOptions('/tmp/Spar.app');
      } finally {
        for (const name of names)
          if (saved[name] === undefined) delete process.env[name];
          else process.env[name] = saved[name];
      }
    };
    expect(withEnv({})).toBeUndefined();
    expect(
      withEnv({
        APPLE_ID: 'release@spar.game',
        APPLE_APP_SPECIFIC_PASSWORD: 'abcd-efgh',
        APPLE_TEAM_ID: 'TEAM123456',
      }),
    ).toMatchObject({ tool: 'notarytool', appleId: 'release@spar.game', teamId: 'TEAM123456' });
    expect(
      withEnv({
        APPLE_API_KEY: '/keys/AuthKey.p8',
        APPLE_API_KEY_ID: 'KEY123',
        APPLE_API_ISSUER: 'issuer-uuid',
      }),
    ).toMatchObject({ tool: 'notarytool', appleApiKeyId: 'KEY123', appleApiIssuer: 'issuer-uuid' });
    // Half a set of credentials is an error, not a silently unnotarised build.
    expect(() => withEnv({ APPLE_ID: 'release@spar.game' })).toThrow(/APPLE_APP_SPECIFIC_PASSWORD/);
  });
});

describe('Squirrel.Windows', () => {
  it('is not installed: its peer slot holds a stand-in, so electron-winstaller never is', () => {
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
      packages: Record<string, { resolved?: string }>;
    };
    expect(Object.keys(lock.packages).filter((p) => p.endsWith('node_modules/electron-winstaller'))).toEqual(
      [],
    );
    expect(lock.packages['node_modules/electron-builder-squirrel-windows']?.resolved).toBe(
      'build/desktop/no-squirrel',
    );
    expect(() => require('electron-builder-squirrel-windows')).toThrow(/the Windows target is NSIS/);
  });
});

describe('the app id', () => {
  it('is the one the main process gives Windows for its notifications', () => {
    expect(config.appId).toBe(APP_ID);
  });
});
