import { describe, expect, it } from 'vitest';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodeBody, pickEncoding } from './compress';

describe('pickEncoding', () => {
  it('prefers brotli, then gzip, then none', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('gzip')).toBe('gzip');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
  });

  it('honours q-values: a coding at q=0 is refused (issue 10 §5)', () => {
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0, gzip;q=0')).toBe('identity');
    expect(pickEncoding('gzip;q=0.5, br;q=0.8')).toBe('br');
    expect(pickEncoding('*;q=0')).toBe('identity');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('BR;Q=0, GZIP')).toBe('gzip');
  });
});

describe('encodeBody', () => {
  const page = `<!doctype html><title>Impulso</title>${'<p>Seguidores reais, entrega garantida.</p>'.repeat(200)}`;

  it('gives back the page in each coding, made once and then reused', () => {
    const body = encodeBody(page);
    expect(brotliDecompressSync(body.in('br')).toString()).toBe(page);
    expect(gunzipSync(body.in('gzip')).toString()).toBe(page);
    expect(body.in('identity').toString()).toBe(page);
    expect(body.in('br')).toBe(body.in('br'));
    expect(body.in('br').length).toBeLessThan(page.length / 10);
  });
});
