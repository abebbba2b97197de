import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/** `docs/desktop.md, "Section"`: how the desktop code points into its document. */
const POINTER = /docs\/desktop\.md, "([^"]+)"/g;

describe('docs/desktop.md', () => {
  const doc = readFileSync('docs/desktop.md', 'utf8');
  const headings = new Set([...doc.matchAll(/^## (.+)$/gm)].map((m) => m[1]!.trim()));

  it('has every section the code points at', () => {
    const files = execFileSync(
      'git',
      ['ls-files', 'electron', 'shared', 'build/desktop', 'scripts', '*.ts'],
      {
        encoding: 'utf8',
      },
    )
      .split('\n')
      .filter((file) => file && file !== 'tests/docs/desktop-doc.test.ts');
    const pointers: string[] = [];
    const dangling: string[] = [];
    for (const file of files)
      for (const match of readFileSync(file, 'utf8').matchAll(POINTER)) {
        const section = match[1]!.replace(/\s*\n\s*(\/\/|\*)?\s*/g, ' ');
        pointers.push(section);
        if (!headings.has(section)) dangling.push(`${file}: "${section}"`);
      }
    expect(pointers.length).toBeGreaterThan(10);
    expect(dangling).toEqual([]);
  });

  it('names every IPC channel the code has', async () => {
    const { IPC } = await import('../../electron/ipc-channels');
    for (const channel of Object.values(IPC)) expect(doc, channel).toContain(`\`${channel}\``);
  });
});
