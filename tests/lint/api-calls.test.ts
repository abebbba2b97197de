import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { ROUTES_FILE, routesSource } from '../../scripts/contracts-routes';

/**
 * The renderer calls the API only through `call(ROUTES.<area>.<name>, …)` (renderer/src/lib/http.ts),
 * so a method and a path are written once, in the contract. See docs/design.md, "REST contracts".
 */

/** Where the renderer may still spell a path: the HTTP client itself. Unit tests check the wire. */
const CONTRACT_MODULES = new Set(['renderer/src/lib/http.ts']);
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** `/api/` as an address has it (`/api/…`, `https://host/api/…`), not as a relative module path. */
const API_PATH = /(?<!\.)\/api\//;

interface Hit {
  line: number;
  text: string;
}

/**
 * Strings and template literals that start an /api/ path, and calls that hand a response type to
 * a helper (`api<T>(…)`, `call<T>(…)`) instead of taking it from the contract. Comments are not
 * code and may name a path.
 */
export function offendingApiUses(code: string, fileName = 'x.tsx'): Hit[] {
  const source = ts.createSourceFile(fileName, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const hits: Hit[] = [];
  const hit = (node: ts.Node) =>
    hits.push({
      line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
      text: node.getText(source),
    });
  const visit = (node: ts.Node): void => {
    // An import names a module (`../api/decks`), not an address.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (
      (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) &&
      API_PATH.test(node.text) &&
      !(ts.isCallExpression(node.parent) && node.parent.expression.kind === ts.SyntaxKind.ImportKeyword)
    )
      hit(node);
    else if (
      ts.isTemplateExpression(node) &&
      [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].some((part) =>
        API_PATH.test(part),
      )
    )
      hit(node);
    else if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      (node.expression.text === 'api' || (node.expression.text === 'call' && node.typeArguments))
    )
      hit(node);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return hits;
}

function rendererSources(dir = 'renderer/src'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return rendererSources(file);
    return /\.tsx?$/.test(entry.name) && !isTest(file) ? [file] : [];
  });
}

describe('the renderer calls the API through the contracts only', () => {
  it('no /api/ path and no hand-written response type outside the HTTP client', () => {
    const found: string[] = [];
    const files = rendererSources();
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      if (CONTRACT_MODULES.has(file)) continue;
      for (const { line, text } of offendingApiUses(readFileSync(file, 'utf8'), file))
        found.push(`${file}:${line}: ${text}`);
    }
    expect(found).toEqual([]);
  });

  it('the check fires on a path in a string or a template and on a response type given by hand', () => {
    const bad = [
      "const a = api<{ message: string }>('/api/friends/remove', { method: 'DELETE' });",
      'const b = fetch(`/api/users/${id}/profile`);',
      'const c = "/api/health";',
      'const d = call<Balance>(ROUTES.currency.balance);',
      'const e = `${origin}/api/games?scope=${scope}`;',
    ].join('\n');
    expect(offendingApiUses(bad).map((h) => h.line)).toEqual([1, 1, 2, 3, 4, 5]);
    const good = [
      '// GET /api/currency/balance answers the balance',
      'const a = call(ROUTES.currency.balance);',
      "const b = '/uploads/avatar.png';",
      "import { acquireDeck } from '../api/decks';",
      "const c = import('./api/shop');",
    ].join('\n');
    expect(offendingApiUses(good)).toEqual([]);
  });
});

describe('shared/protocol/routes.generated.ts', () => {
  it('is what `npm run contracts:routes` writes from the contracts (run it after changing one)', async () => {
    expect(readFileSync(ROUTES_FILE, 'utf8')).toBe(await routesSource());
  });

  it('brings no zod into a bundle, and neither do the helpers beside it', async () => {
    for (const entry of ['shared/protocol/routes.generated.ts', 'shared/protocol/endpoint.ts']) {
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        write: false,
        metafile: true,
        format: 'esm',
        logLevel: 'silent',
      });
      const inputs = Object.keys(result.metafile.inputs);
      expect(inputs, entry).toContain(entry);
      expect(
        inputs.filter((input) => input.includes('node_modules') || !input.startsWith('shared/protocol/')),
        entry,
      ).toEqual([]);
    }
    // The check itself: the endpoint objects do bring zod.
    const api = await build({
      entryPoints: ['shared/protocol/api.ts'],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      logLevel: 'silent',
    });
    expect(Object.keys(api.metafile.inputs).some((input) => input.includes('node_modules/zod/'))).toBe(true);
  });
});
