#!/usr/bin/env node
// A stand-in for mksquashfs from the AppImage toolset electron-builder downloads from GitHub (which
// these machines cannot reach): called as `mksquashfs <dir> <output> -offset <n> …`, it writes the
// directory as a tar archive after <n> bytes left for the runtime, where squashfs-tools would
// write a squashfs image. Only the packaging test uses it (tests/desktop/package.test.ts).
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';

const [source, output, ...options] = process.argv.slice(2);
const offset = Number(options[options.indexOf('-offset') + 1]);
const tar = spawnSync('tar', ['-C', source, '-cf', '-', '.'], { maxBuffer: 1 << 30 });
if (tar.status !== 0) throw new Error(String(tar.stderr));
writeFileSync(output, Buffer.concat([Buffer.alloc(offset), tar.stdout]));
