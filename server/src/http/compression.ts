import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Bodies smaller than this go out as they are: compressing them saves too little to pay. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses answers on the fly: brotli at quality 4 (about as fast as gzip's default, and
 * smaller) or gzip, whichever the client prefers, for bodies of compressible types over
 * `COMPRESS_THRESHOLD_BYTES`: JSON from the API, and pages built per request. The web build's
 * files carry compressed copies made at build time, which the static files' route sends as they
 * are (an answer that already has a Content-Encoding is left alone). Request bodies are never
 * decompressed: the payment webhook's signature is over the bytes as sent. The /ws upgrade never
 * reaches Fastify's hooks. See docs/operations.md, "Serving the web app".
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    globalDecompression: false,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
