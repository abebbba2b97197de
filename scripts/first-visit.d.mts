// Types of first-visit.mjs for the TypeScript that imports it (its test).
export type AssetType = 'html' | 'js' | 'css' | 'font' | 'image';
export interface CountedFile {
  file: string;
  type: AssetType;
  bytes: number;
}
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  assets?: string[];
}
export const TYPES: AssetType[];
export function brotliSize(bytes: Uint8Array): number;
export function staticChunks(manifest: Record<string, ManifestChunk>, entries: string[]): ManifestChunk[];
export function parseUnicodeRange(value: string): [number, number][];
export function drawsLatin(unicodeRange: string): boolean;
export function cssReferences(cssText: string): { fonts: string[]; images: string[] };
export function htmlImages(html: string): { images: string[]; icons: string[] };
export function measureFirstVisit(dir: string, options: { html?: string; entries: string[] }): CountedFile[];
export function summarise(files: CountedFile[]): {
  byType: Record<AssetType, { bytes: number; files: number }>;
  total: number;
};
export function report(
  files: CountedFile[],
  options: { route: string; limitKb: number },
): { ok: boolean; text: string };
