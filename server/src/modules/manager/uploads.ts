import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DomainError } from '../../errors';

/** The image types staff may upload, by extension, with their content type. */
export const IMAGE_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
} as const;
export type ImageExtension = keyof typeof IMAGE_TYPES;

const startsWith = (bytes: Buffer, prefix: number[], at = 0) =>
  bytes.length >= at + prefix.length && prefix.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/**
 * The real type of an image from its first bytes, whatever its name or declared type says; null
 * for anything else. SVG is refused on purpose: it is a document that can carry scripts.
 */
export function sniffImage(bytes: Buffer): ImageExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  return null;
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, 'uploads');
}

/** Checks and stores an uploaded image under a random name; returns its public address. */
export async function storeImage(
  dir: string,
  bytes: Buffer,
): Promise<{ imageUrl: string; type: ImageExtension }> {
  if (bytes.length === 0) throw new DomainError('invalid', 'No file selected', 'no_file');
  const type = sniffImage(bytes);
  if (!type)
    throw new DomainError(
      'invalid',
      'Only PNG, JPEG, WebP and GIF images can be uploaded',
      'unsupported_image',
    );
  const name = `${randomBytes(16).toString('hex')}.${type}`;
  await mkdir(dir, { recursive: true });
  // `wx`: a name is never reused, so nothing already served can be replaced.
  await writeFile(path.join(dir, name), bytes, { flag: 'wx' });
  return { imageUrl: `/uploads/${name}`, type };
}
