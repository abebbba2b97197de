// Types of precache.mjs for the TypeScript that imports it (its test).
export type PrecacheType = 'html' | 'js' | 'css' | 'font' | 'image' | 'sound' | 'other';
export interface PrecachedFile {
  file: string;
  type: PrecacheType;
  /** What the server sends: the brotli copy's size when `brotli`, the stored file's otherwise. */
  bytes: number;
  brotli: boolean;
}
export const PRECACHE_TYPES: PrecacheType[];
export function precacheType(url: string): PrecacheType;
export function precacheUrls(swSource: string): string[];
export function measurePrecache(dir: string, options?: { sw?: string }): PrecachedFile[];
export function precacheReport(
  files: PrecachedFile[],
  options: { limitKb: number },
): { ok: boolean; total: number; text: string };
