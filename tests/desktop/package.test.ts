// Packages the desktop app for Linux as a release manager would (docs/desktop.md, "Build and
// package"): the desktop build, then electron-builder with electron-builder.yml, producing the
// unpacked app, an AppImage and a .deb. Electron's binary and the toolsets electron-builder fetches
// from GitHub (fpm, the AppImage runtime and mksquashfs) cannot be downloaded on these machines, so
// they are stand-ins, each through electron-builder's own setting for it: `electronDist`, a folder
// whose `electron` carries a real fuse wire; CUSTOM_FPM_PATH, which builds the .deb with dpkg-deb;
// APPIMAGE_TOOLS_PATH. Everything electron-builder decides (what goes in the asar, the fuses, the
// package's fields, the desktop entry) is its own and is what this file checks.
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; description: string };
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
// Electron's own defaults, as an unflipped binary has them (RunAsNode, NODE_OPTIONS, --inspect and
// file:// privileges on; the rest off).
const DEFAULT_WIRE = '10110001';
// A fuse's state in the wire, as @electron/fuses reads it (its FuseState, which it does not export).
const ON = '1'.charCodeAt(0);
const OFF = '0'.charCodeAt(0);

// The update feed, as a release sets it for both the build and the packaging (docs/desktop.md, "Updates").
const FEED = 'https://feed.spar.test/desktop/releases/';

let tmp = '';
let release = '';
const unpacked = () => path.join(release, 'linux-unpacked');
const deb = () => path.join(release, `spar_${pkg.version}_amd64.deb`);
const appImage = () => path.join(release, `Spar-${pkg.version}.AppImage`);

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env) {
  const result = spawnSync(command, args, { env, encoding: 'utf8', maxBuffer: 1 << 28 });
  if (result.status !== 0)
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/** The stand-in Electron: the files of a Linux build, with an `electron` @electron/fuses can flip. */
function standInElectron(dir: string) {
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(SENTINEL),
    Buffer.from([1, DEFAULT_WIRE.length]),
    Buffer.from(DEFAULT_WIRE),
  ]);
  writeFileSync(path.join(dir, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\n# stand-in\n'), wire]));
  chmodSync(path.join(dir, 'electron'), 0o755);
  for (const file of ['LICENSE', 'LICENSES.chromium.html', 'version'])
    writeFileSync(path.join(dir, file), '');
}

/** The stand-in toolsets, laid out where electron-builder's environment settings point. */
function standInTools(dir: string) {
  const here = path.join('tests', 'desktop', 'stand-ins');
  const place = (from: string, to: string) => {
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(path.join(here, from), to);
    chmodSync(to, 0o755);
  };
  place('fpm.mjs', path.join(dir, 'fpm'));
  place('mksquashfs.mjs', path.join(dir, 'appimage', 'linux-x64', 'mksquashfs'));
  place('desktop-file-validate.sh', path.join(dir, 'appimage', 'linux-x64', 'desktop-file-validate'));
  mkdirSync(path.join(dir, 'appimage', 'lib', 'x64'), { recursive: true });
  writeFileSync(path.join(dir, 'appimage', 'runtime-x64'), '#!/bin/sh\n# stand-in AppImage runtime\n');
}

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'spar-package-'));
  release = path.join(tmp, 'release');
  standInElectron(path.join(tmp, 'electron'));
  standInTools(path.join(tmp, 'tools'));
  run('npm', ['run', '--silent', 'build:desktop'], { ...process.env, SPAR_UPDATE_URL: FEED });
  run(
    'npx',
    [
      'electron-builder',
      '--config',
      'electron-builder.yml',
      '--linux',
      'dir',
      'AppImage',
      'deb',
      '--x64',
      `-c.electronDist=${path.join(tmp, 'electron')}`,
      `-c.directories.output=${release}`,
    ],
    {
      ...process.env,
      CUSTOM_FPM_PATH: path.join(tmp, 'tools', 'fpm'),
      APPIMAGE_TOOLS_PATH: path.join(tmp, 'tools', 'appimage'),
      ELECTRON_BUILDER_CACHE: path.join(tmp, 'cache'),
      CSC_IDENTITY_AUTO_DISCOVERY: 'false',
      SPAR_UPDATE_URL: FEED,
    },
  );
}, 600_000);

afterAll(() => {
  if (tmp) rmSync(tmp, { recursive: true, force: true });
});

describe('the packaged Linux app', () => {
  it('is written unpacked, as an AppImage and as a .deb', () => {
    const files = readdirSync(release);
    expect(files).toEqual(
      expect.arrayContaining(['linux-unpacked', path.basename(appImage()), path.basename(deb())]),
    );
    expect(readdirSync(unpacked())).toEqual(expect.arrayContaining(['spar', 'resources']));
  });

  it('holds the built main, preload and renderer in its asar, and nothing else', () => {
    const asar = path.join(unpacked(), 'resources', 'app.asar');
    const entries = listPackage(asar, { isPack: false }).map((entry) => entry.replaceAll('\\', '/'));
    for (const file of [
      '/package.json',
      '/dist/desktop/main/index.js',
      '/dist/desktop/preload/index.cjs',
      '/dist/desktop/renderer/index.html',
    ])
      expect(entries).toContain(file);
    expect(entries.some((entry) => entry.startsWith('/dist/desktop/renderer/assets/'))).toBe(true);
    const files = entries.filter((entry) => /\.[a-z0-9]+$/i.test(path.basename(entry)));
    expect(files.filter((file) => !file.startsWith('/dist/desktop/') && file !== '/package.json')).toEqual(
      [],
    );
    expect(entries.filter((entry) => entry.includes('node_modules'))).toEqual([]);
    expect(files.filter((file) => /\.(map|tsx?|mts|cts)$/.test(file))).toEqual([]);
    // No source map inlined either: the packaged code would carry the sources.
    for (const file of files.filter((f) => /\.(c|m)?js$/.test(f)))
      expect(/sourceMappingURL=data:/.test(extractFile(asar, file.slice(1)).toString('utf8')), file).toBe(
        false,
      );
    const packaged = JSON.parse(extractFile(asar, 'package.json').toString('utf8'));
    expect(packaged).toMatchObject({ main: 'dist/desktop/main/index.js', desktopName: 'spar.desktop' });
    expect(packaged.devDependencies).toBeUndefined();
    expect(packaged.scripts).toBeUndefined();
  });

  it('bundles the updater into the main, which loads nothing but Electron and Node at run time', () => {
    const asar = path.join(unpacked(), 'resources', 'app.asar');
    const main = extractFile(asar, 'dist/desktop/main/index.js').toString('utf8');
    // The code without its comment lines: JSDoc names types as `import('./types/index').X`.
    const code = main
      .split('\n')
      .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
      .join('\n');
    const loaded = [
      ...main.matchAll(/^import\s(?:[^'"\n]*?\sfrom\s)?["']([^"']+)["']/gm),
      ...code.matchAll(/\b__require\(["']([^"']+)["']\)/g),
      ...code.matchAll(/(?<![\w.])import\(["']([^"']+)["']\)/g),
    ].map((m) => m[1]!);
    expect(loaded).toContain('electron');
    const builtins = new Set(builtinModules);
    expect(loaded.filter((name) => name !== 'electron' && !builtins.has(name.replace(/^node:/, '')))).toEqual(
      [],
    );
    // electron-updater itself (its generic provider and the Linux updaters) and the baked feed.
    expect(main).toContain('node_modules/electron-updater/out/providers/GenericProvider.js');
    expect(main).toContain('node_modules/electron-updater/out/AppImageUpdater.js');
    expect(main).toContain('node_modules/electron-updater/out/DebUpdater.js');
    expect(main).toContain(JSON.stringify(FEED));
  });

  it('tells the packaged updater its feed, and writes the feed file for the release', () => {
    const config = parse(readFileSync(path.join(unpacked(), 'resources', 'app-update.yml'), 'utf8'));
    expect(config).toMatchObject({
      provider: 'generic',
      url: FEED,
      useMultipleRangeRequest: false,
      updaterCacheDirName: 'spar-updater',
    });
    const latest = parse(readFileSync(path.join(release, 'latest-linux.yml'), 'utf8')) as {
      version: string;
      files: { url: string; sha512: string; size: number }[];
    };
    expect(latest.version).toBe(pkg.version);
    const image = latest.files.find((file) => file.url === path.basename(appImage()));
    expect(image?.size).toBe(readFileSync(appImage()).length);
    expect(image?.sha512).toBe(createHash('sha512').update(readFileSync(appImage())).digest('base64'));
  });

  it('has its fuses flipped in the packaged binary', async () => {
    const wire = await getCurrentFuseWire(path.join(unpacked(), 'spar'));
    expect(wire[FuseV1Options.RunAsNode]).toBe(OFF);
    expect(wire[FuseV1Options.EnableNodeOptionsEnvironmentVariable]).toBe(OFF);
    expect(wire[FuseV1Options.EnableNodeCliInspectArguments]).toBe(OFF);
    expect(wire[FuseV1Options.EnableCookieEncryption]).toBe(ON);
    expect(wire[FuseV1Options.OnlyLoadAppFromAsar]).toBe(ON);
    expect(wire[FuseV1Options.EnableEmbeddedAsarIntegrityValidation]).toBe(ON);
    // The stand-in started with Electron's defaults, so these were really written.
    const before = await getCurrentFuseWire(path.join(tmp, 'electron', 'electron'));
    expect(before[FuseV1Options.RunAsNode]).toBe(ON);
    expect(before[FuseV1Options.OnlyLoadAppFromAsar]).toBe(OFF);
  });

  it('has a .deb whose control names the package, its version, maintainer, homepage and description', () => {
    const field = (name: string) => run('dpkg-deb', ['-f', deb(), name]).trim();
    expect(field('Package')).toBe('spar');
    expect(field('Version')).toBe(pkg.version);
    expect(field('Architecture')).toBe('amd64');
    expect(field('Maintainer')).toBe('Spar <support@spar.game>');
    expect(field('Homepage')).toBe('https://play.spar.game');
    expect(field('Description')).toContain('The West African trick-taking card game, online');
    expect(field('Description')).toContain(pkg.description);
    const contents = run('dpkg-deb', ['-c', deb()]);
    expect(contents).toContain('./opt/Spar/spar');
    expect(contents).toContain('./opt/Spar/resources/app.asar');
    expect(contents).toContain('./usr/share/applications/spar.desktop');
    expect(contents).toContain('./usr/share/icons/hicolor/512x512/apps/spar.png');
  });

  it('installs a desktop entry that handles spar:// links, in the card-game category', () => {
    const dir = path.join(tmp, 'deb');
    run('dpkg-deb', ['-x', deb(), dir]);
    const entry = readFileSync(path.join(dir, 'usr', 'share', 'applications', 'spar.desktop'), 'utf8');
    expect(entry).toContain('Name=Spar');
    expect(entry).toContain('Exec=/opt/Spar/spar %U');
    expect(entry).toContain('StartupWMClass=spar');
    expect(entry).toContain('Categories=Game;CardGame;');
    expect(entry).toContain('MimeType=x-scheme-handler/spar;');
  });

  it('has an AppImage: the runtime, then the app with its AppRun, desktop entry and icon', () => {
    const image = readFileSync(appImage());
    const runtime = readFileSync(path.join(tmp, 'tools', 'appimage', 'runtime-x64'));
    expect(image.subarray(0, runtime.length).equals(runtime)).toBe(true);
    const archive = path.join(tmp, 'appimage.tar');
    writeFileSync(archive, image.subarray(runtime.length));
    const contents = run('tar', ['-tf', archive]);
    for (const file of ['./AppRun', './spar.desktop', './spar', './resources/app.asar'])
      expect(contents.split('\n')).toContain(file);
  });
});
