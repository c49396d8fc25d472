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

/** The codings of an Accept-Encoding header with their q-values (RFC 9110 §12.5.3). */
function acceptedCodings(header: string): Map<string, number> {
  const codings = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    if (!name) continue;
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    codings.set(name, Number.isFinite(weight) ? weight : 0);
  }
  return codings;
}

/** Picks the smallest encoding the client accepts; `br;q=0` (or `*;q=0`) rules brotli out. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const codings = acceptedCodings(acceptEncoding ?? '');
  const wildcard = codings.get('*') ?? 0;
  const accepts = (coding: string) => (codings.get(coding) ?? wildcard) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
