import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export interface EncodedBody {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export function encodeBody(text: string): EncodedBody {
  const identity = Buffer.from(text);
  return {
    identity,
    br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** Picks the smallest encoding the client accepts. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return 'identity';
}
