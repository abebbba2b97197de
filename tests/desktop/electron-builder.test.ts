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

  it('packages Spar for Windows (NSIS), macOS (DMG) and Linux (AppImage, deb), publishing nothing', () => {
    expect(config).toMatchObject({ appId: 'game.spar.app', productName: 'Spar', publish: null });
    expect((config.win as { target: string[] }).target).toEqual(['nsis']);
    expect((config.mac as { target: string[] }).target).toEqual(['dmg']);
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
