import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

/**
 * Built assets: hashed files under /assets are immutable; the few root files (favicon, robots.txt) get
 * an hour. Brotli and gzip copies are made at build time (scripts/compress-assets.mjs).
 */
// Document-only security headers are dropped from assets: on a slow phone every byte of ~12 preloaded
// chunks' headers counts, and a script file has no use for a CSP or frame options.
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

export async function staticFiles(app: FastifyInstance, { clientDir }: { clientDir: string }) {
  app.addHook('onSend', async (_request, reply, payload) => {
    for (const header of documentOnlyHeaders) reply.removeHeader(header);
    return payload;
  });
  await app.register(fastifyStatic, {
    root: path.join(clientDir, 'assets'),
    prefix: '/assets/',
    wildcard: false,
    preCompressed: true,
    immutable: true,
    maxAge: '365d',
  });
  const rootFiles = readdirSync(clientDir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && !/\.(html|br|gz)$/.test(entry.name))
    .map((entry) => entry.name);
  for (const name of rootFiles) {
    app.get(`/${name}`, (_request, reply) =>
      reply.sendFile(name, clientDir, { maxAge: '1h', immutable: false }),
    );
  }
}
