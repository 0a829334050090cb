import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import fp from 'fastify-plugin';

/** Bodies smaller than this travel as they are: compressing them saves less than it costs. */
const MIN_BYTES = 1024;
/** Larger bodies are left to @fastify/compress, which compresses off the main thread. */
const MAX_BYTES = 256 * 1024;
const COMPRESSIBLE =
  /^(?:text\/|application\/(?:[\w.-]+\+)?json\b|application\/javascript\b|image\/svg\+xml\b)/;
/**
 * Brotli quality 3: on the product page (45 KB) about 60% of quality 4's time for 4% more bytes (11.4
 * against 10.9 KB, still inside the first TCP window with the headers); decision 0038.
 */
const BROTLI_QUALITY = 3;

type Encoding = 'br' | 'gzip';
const ENCODINGS: Encoding[] = ['br', 'gzip'];

/** Shared bodies (a cached answer sent to everyone) whose compressed forms are kept with them. */
const kept = new WeakMap<Buffer, Partial<Record<Encoding, Buffer>>>();

/**
 * Marks a body that will be sent again as it is (the product answer cache's bytes): each encoding is
 * compressed once and kept for as long as the body itself is.
 */
export function compressOnce(body: Buffer): Buffer {
  if (!kept.has(body)) kept.set(body, {});
  return body;
}

function compress(body: string | Buffer, encoding: Encoding, length: number): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: length,
        },
      })
    : gzipSync(body);
}

/**
 * Compresses response bodies that are already in memory (pages, JSON answers) in one synchronous call,
 * ahead of @fastify/compress. That plugin turns such a body into a stream and pipes it through a new
 * zlib stream for every response, which cost a browser's product page more than the page itself
 * (decision 0038). Streams (static files without a precompressed copy) still go through it;
 * it leaves a body alone once it carries a Content-Encoding.
 */
export const compressInMemoryPlugin = fp(
  async (app) => {
    // A callback hook: no promise per response on the way out.
    app.addHook('onSend', (request, reply, payload, done) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
      const accepted = request.headers['accept-encoding'];
      if (!accepted || reply.hasHeader('content-encoding')) return done(null, payload);
      const length = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
      if (length < MIN_BYTES || length > MAX_BYTES) return done(null, payload);
      const type = reply.getHeader('content-type');
      if (typeof type !== 'string' || !COMPRESSIBLE.test(type)) return done(null, payload);
      const encoding = negotiate(accepted, ENCODINGS) as Encoding | null;
      if (!encoding) return done(null, payload);
      const forms = typeof payload === 'string' ? undefined : kept.get(payload);
      let compressed = forms?.[encoding];
      if (!compressed) {
        compressed = compress(payload, encoding, length);
        if (forms) forms[encoding] = compressed;
      }
      reply.header('content-encoding', encoding);
      const vary = reply.getHeader('vary');
      reply.header('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      reply.removeHeader('content-length');
      done(null, compressed);
    });
  },
  { name: 'compress-in-memory' },
);
