// The Node.js versions Spar runs on: package.json's `engines.node`, a floor written `>=X.Y[.Z]`.
// `npm start` checks it before loading anything that needs the newer Node (docs/operations.md,
// "Node.js"). Plain JavaScript that any Node can parse, so an old one gets the message, not a
// syntax error.
import { readFileSync } from 'node:fs';

/** The tested and recommended major version (.nvmrc pins the exact release CI runs). */
export const RECOMMENDED_NODE_MAJOR = 24;

function parts(text) {
  return text.split('.').map((part) => Number(part));
}

/**
 * The floor of an `engines.node` range such as `>=22.12` as [major, minor, patch]; throws for any
 * other form, which this check would otherwise misread.
 */
export function nodeFloor(range) {
  const match = /^>=\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$/.exec(String(range).trim());
  if (!match)
    throw new Error(`package.json engines.node must read ">=X.Y.Z"; it reads ${JSON.stringify(range)}`);
  return [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
}

/** Null when `version` (as `process.version` writes it, `v24.1.0`) meets `range`, else the one line to print. */
export function nodeVersionProblem(version, range) {
  const floor = nodeFloor(range);
  const have = parts(String(version).replace(/^v/, ''));
  for (let i = 0; i < 3; i++) {
    const a = have[i] ?? 0;
    if (a > floor[i]) return null;
    if (a < floor[i]) {
      return (
        `Spar needs Node.js ${floor.join('.')} or newer (${RECOMMENDED_NODE_MAJOR} is the tested version) and this is ` +
        `Node.js ${String(version).replace(/^v/, '')}: install Node ${RECOMMENDED_NODE_MAJOR} ` +
        '(`nvm install`, or `source scripts/provision-node.sh` as CI does; README.md, "Run it").'
      );
    }
  }
  return null;
}

/** Exits with the one line when this Node is older than package.json allows. */
export function requireSupportedNode(packageJson = new URL('../package.json', import.meta.url)) {
  const { engines } = JSON.parse(readFileSync(packageJson, 'utf8'));
  const problem = nodeVersionProblem(process.version, engines?.node);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
