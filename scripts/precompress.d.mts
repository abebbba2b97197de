// Types of precompress.mjs for the TypeScript that imports it (tests).
export const COMPRESSIBLE: RegExp;

export function precompress(
  dir: string,
): Promise<{ files: string[]; before: number; brotli: number; gzip: number }>;
