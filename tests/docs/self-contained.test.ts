import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The repository must explain itself: a maintainer has only what is in it. Comments and docs
 * point at docs/design.md (by section name), never at documents kept elsewhere.
 */
const SELF = 'tests/docs/self-contained.test.ts';
const SKIPPED = new Set([SELF, 'package-lock.json']);

const OUTSIDE_REFERENCES: [RegExp, string][] = [
  [/DESIGN\.md/, 'the design notes kept outside the repository'],
  [/product[-]spec/, 'the product specification kept outside the repository'],
  // The steering folder beside the checkout; a path two levels up into this repository's shared/ is fine.
  [/(?<![./])\.\.\/shared\//, 'a path outside the repository'],
  [/\bspec\s*§/i, 'a section of the product specification'],
  [/\bDESIGN\s*§/i, 'a section of the design notes'],
  [/§\s*\d/, 'a numbered section of a document outside the repository'],
];

/** `docs/design.md, "Section"`: how code and docs point into a document of docs/. */
const DOC_POINTER = /(docs\/[\w-]+\.md), "([^"]+)"/g;

/** A document's section names: its headings below the title, with any code marks taken off. */
function sectionsOf(doc: string): Set<string> | undefined {
  if (!existsSync(doc)) return undefined;
  const headings = readFileSync(doc, 'utf8').matchAll(/^#{2,4} (.+)$/gm);
  return new Set([...headings].map((match) => match[1]!.replaceAll('`', '').trim()));
}

function trackedTextFiles(): { path: string; text: string }[] {
  const paths = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8' }).split('\0').filter(Boolean);
  const files: { path: string; text: string }[] = [];
  for (const path of paths) {
    // A file deleted in the work tree but not yet in the index has nothing left to check.
    if (SKIPPED.has(path) || !existsSync(path)) continue;
    const bytes = readFileSync(path);
    if (bytes.includes(0)) continue; // binary
    files.push({ path, text: bytes.toString('utf8') });
  }
  return files;
}

const files = trackedTextFiles();

describe('the repository is self-contained', () => {
  it('checks the tracked files, this one excepted', () => {
    expect(files.some((file) => file.path === 'README.md')).toBe(true);
    expect(files.some((file) => file.path === 'shared/game/engine.ts')).toBe(true);
    expect(files.some((file) => file.path === SELF)).toBe(false);
  });

  it('cites no document kept outside the repository', () => {
    const found: string[] = [];
    for (const { path, text } of files) {
      text.split('\n').forEach((line, i) => {
        const hit = OUTSIDE_REFERENCES.find(([pattern]) => pattern.test(line));
        if (hit) found.push(`${path}:${i + 1}: ${hit[1]}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });

  it('points only at sections the documents in docs/ have', () => {
    const sections = new Map<string, Set<string> | undefined>();
    let pointers = 0;
    const dangling: string[] = [];
    for (const { path, text } of files) {
      // The tests of the pointer format quote it with a made-up section name.
      if (path.startsWith('tests/docs/')) continue;
      for (const match of text.matchAll(DOC_POINTER)) {
        const doc = match[1]!;
        // Comments wrap: a section name may run over a line break and a comment marker.
        const section = match[2]!.replace(/\s*\n\s*(\/\/|\*)?\s*/g, ' ');
        if (!sections.has(doc)) sections.set(doc, sectionsOf(doc));
        pointers++;
        if (!sections.get(doc)?.has(section)) dangling.push(`${path}: ${doc}, "${section}"`);
      }
    }
    expect(pointers).toBeGreaterThan(100);
    expect(dangling).toEqual([]);
  });

  it('recognises each kind of outside reference', () => {
    const samples = [
      // Assembled, so this file does not itself read as a reference to an outside document.
      `See ${'DESIGN'}.md for the layers.`,
      `as the ${'product'}-spec says`,
      `import x from '${'..'}/shared/spec';`,
      '/** Every route of spec §2. */',
      '// Spec §4: re-authenticate.',
      '(spec §7 defaults)',
      'DESIGN §5',
      'the numbers of the specification (§9)',
    ];
    for (const sample of samples)
      expect(
        OUTSIDE_REFERENCES.some(([pattern]) => pattern.test(sample)),
        sample,
      ).toBe(true);
    for (const fine of ['See docs/design.md, "Rules".', `import { x } from '${'../..'}/shared/usernames';`])
      expect(
        OUTSIDE_REFERENCES.some(([pattern]) => pattern.test(fine)),
        fine,
      ).toBe(false);
  });
});
