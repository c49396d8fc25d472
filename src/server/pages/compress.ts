import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export type Coding = 'br' | 'gzip' | 'identity';

/** A page's bytes in each coding, each made the first time a client asks for it and kept. */
export interface EncodedBody {
  in(coding: Coding): Buffer;
}

// Pages are compressed while the request waits, on the event loop every other request shares. Brotli at
// quality 9 took 80 ms for a 55 KB page on this 2-core machine, quality 5 1.4 ms for output 1 % larger;
// gzip 9 against 6 saves 0.2 % (docs/benchmarks.md, "Page compression").
const encoders: Record<Coding, (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      },
    }),
  gzip: (bytes) => gzipSync(bytes, { level: 6 }),
  identity: (bytes) => bytes,
};

export function encodeBody(text: string): EncodedBody {
  const identity = Buffer.from(text);
  const made = new Map<Coding, Buffer>();
  return {
    in(coding) {
      let bytes = made.get(coding);
      if (!bytes) {
        bytes = encoders[coding](identity);
        made.set(coding, bytes);
      }
      return bytes;
    },
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
export function pickEncoding(acceptEncoding: string | undefined): Coding {
  const codings = acceptedCodings(acceptEncoding ?? '');
  const wildcard = codings.get('*') ?? 0;
  const accepts = (coding: string) => (codings.get(coding) ?? wildcard) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}
