#!/usr/bin/env node
// A stand-in for fpm, the tool electron-builder's deb target runs and downloads from GitHub (which
// these machines cannot reach): it takes the arguments electron-builder passes (`-s dir -t deb`,
// the package's fields, `source=destination` mappings) and builds the .deb with Debian's own
// dpkg-deb, mapping the fields onto the control file as fpm does. Only the packaging test uses it
// (tests/desktop/package.test.ts; docs/desktop.md, "Build and package").
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const flags = new Map();
const depends = [];
const recommends = [];
const mappings = [];
const args = process.argv.slice(2);
for (let i = 0; i < args.length; i++) {
  const arg = args[i];
  if (arg === '--force' || arg === '--debug') continue;
  if (arg === '-d') depends.push(args[++i]);
  else if (arg === '--deb-recommends') recommends.push(args[++i]);
  else if (arg.startsWith('-')) flags.set(arg.replace(/^-+/, ''), args[++i]);
  else mappings.push(arg);
}
if (flags.get('s') !== 'dir' || flags.get('t') !== 'deb')
  throw new Error('the stand-in fpm builds only -s dir -t deb');

const root = mkdtempSync(path.join(tmpdir(), 'fpm-'));
for (const mapping of mappings) {
  const [source, destination] = mapping.split('=');
  const target = path.join(root, destination);
  mkdirSync(source.endsWith('/') ? target : path.dirname(target), { recursive: true });
  cpSync(source, target, { recursive: true, verbatimSymlinks: true });
}

const size = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce(
    (sum, entry) =>
      sum +
      (entry.isDirectory() ? size(path.join(dir, entry.name)) : statSync(path.join(dir, entry.name)).size),
    0,
  );
const [summary, ...rest] = flags.get('description').split('\n');
const control = [
  ['Package', flags.get('name')],
  ['Version', flags.get('version')],
  ['License', 'unknown'],
  ['Vendor', flags.get('vendor')],
  ['Architecture', flags.get('architecture')],
  ['Maintainer', flags.get('maintainer')],
  ['Installed-Size', String(Math.ceil(size(root) / 1024))],
  ['Depends', depends.join(', ')],
  ['Recommends', recommends.join(', ')],
  ['Section', flags.get('category') ?? 'default'],
  ['Priority', flags.get('deb-priority') ?? 'optional'],
  ['Homepage', flags.get('url')],
  ['Description', [summary.trim(), ...rest.map((line) => ` ${line.trim() || '.'}`)].join('\n')],
]
  .filter(([, value]) => value)
  .map(([key, value]) => `${key}: ${value}`)
  .join('\n');
mkdirSync(path.join(root, 'DEBIAN'));
writeFileSync(path.join(root, 'DEBIAN', 'control'), `${control}\n`);
for (const [flag, script] of [
  ['after-install', 'postinst'],
  ['after-remove', 'postrm'],
]) {
  if (!flags.has(flag)) continue;
  cpSync(flags.get(flag), path.join(root, 'DEBIAN', script));
  chmodSync(path.join(root, 'DEBIAN', script), 0o755);
}
const built = spawnSync('dpkg-deb', ['--root-owner-group', '-Zgzip', '--build', root, flags.get('package')], {
  stdio: 'inherit',
});
process.exit(built.status ?? 1);
