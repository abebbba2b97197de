import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { serverBuildOptions } from '../../scripts/build-server.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/**
 * A server installed as an operator would: `npm ci --omit=dev` in a folder of its own, the server
 * bundle, nothing else. From npm's cache (the suite's own install filled it), so no network; with
 * scripts off, so better-sqlite3's native build is copied from this checkout's install (the same
 * Node). Everything the bundle loads must then come from the production dependencies.
 */
describe('a server install without the development packages', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'spar-server-install-'));
  let server: ChildProcess | undefined;
  afterAll(async () => {
    if (server && server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server!.once('exit', resolve));
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('installs without the browser packages, starts, signs up and draws a link preview', async () => {
    cpSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
    cpSync(path.join(ROOT, 'package-lock.json'), path.join(dir, 'package-lock.json'));
    const install = spawnSync(
      'npm',
      ['ci', '--omit=dev', '--offline', '--ignore-scripts', '--no-audit', '--no-fund'],
      { cwd: dir, encoding: 'utf8', env: { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } },
    );
    expect(install.status, install.stderr).toBe(0);
    const installed = (name: string) =>
      spawnSync('node', ['-e', `require.resolve('${name}/package.json')`], { cwd: dir }).status === 0;
    expect(installed('fastify')).toBe(true);
    expect(installed('react-dom')).toBe(false);
    expect(installed('@mantine/core')).toBe(false);
    cpSync(
      path.join(ROOT, 'node_modules/better-sqlite3/build'),
      path.join(dir, 'node_modules/better-sqlite3/build'),
      { recursive: true },
    );
    await build({ ...serverBuildOptions(path.join(dir, 'dist/server/main.js')), absWorkingDir: ROOT });

    const port = await freePort();
    const origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, ['dist/server/main.js'], {
      cwd: dir,
      stdio: ['ignore', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: path.join(dir, 'data'),
        STATIC_DIR: path.join(dir, 'no-web-app'),
        PUBLIC_URL: origin,
        LOG_LEVEL: 'error',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
    });
    let errors = '';
    server.stderr!.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    const deadline = Date.now() + 30_000;
    while (
      !(await fetch(`${origin}/api/health`).then(
        (res) => res.ok,
        () => false,
      ))
    ) {
      expect(server.exitCode, errors).toBeNull();
      expect(Date.now(), 'the server did not start').toBeLessThan(deadline);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const signUp = await fetch(`${origin}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'lean_install', password: 'correct horse battery' }),
    });
    expect(signUp.status).toBe(201);
    // Previews draw with satori and resvg, in the fonts of @fontsource/cinzel.
    const preview = await fetch(`${origin}/previews/site.png`);
    expect(preview.status, errors).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect((await preview.arrayBuffer()).byteLength).toBeGreaterThan(5_000);
  });
});
