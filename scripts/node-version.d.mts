// Types of node-version.mjs for the TypeScript that imports it (tests).
export const RECOMMENDED_NODE_MAJOR: number;

export function nodeFloor(range: string): [number, number, number];

export function nodeVersionProblem(version: string, range: string): string | null;

export function requireSupportedNode(packageJson?: URL | string): void;
