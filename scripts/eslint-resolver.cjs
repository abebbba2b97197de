// A minimal import resolver for ESLint (eslint-module-utils interface v2) so the boundaries rule
// sees where our TypeScript imports point: relative paths and the `@shared/*` alias of
// tsconfig.base.json. Packages are left to the node resolver.
const fs = require('node:fs');
const path = require('node:path');

const ROOT = path.resolve(__dirname, '..');
const EXTENSIONS = ['.ts', '.tsx', '.js', '.mjs', '.cjs'];

function resolveFile(base) {
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, 'index' + ext)),
  ];
  return candidates.find((candidate) => fs.existsSync(candidate) && fs.statSync(candidate).isFile()) ?? null;
}

exports.interfaceVersion = 2;
exports.resolve = function resolve(source, file) {
  let base = null;
  if (source.startsWith('@shared/')) base = path.join(ROOT, 'shared', source.slice('@shared/'.length));
  else if (source.startsWith('.')) base = path.resolve(path.dirname(file), source);
  if (base === null) return { found: false };
  const found = resolveFile(base);
  return found ? { found: true, path: found } : { found: false };
};
