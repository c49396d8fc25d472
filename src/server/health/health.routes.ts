import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance, deps: { ping: () => Promise<void> }) {
  // Not logged unless it fails: a proxy's checks every few seconds, and each instance's own at start
  // (ADR 040), would bury the requests that matter.
  app.get('/api/health', { logLevel: 'warn' }, async (request, reply) => {
    try {
      await deps.ping();
      return reply.header('cache-control', 'no-store').send({ status: 'ok', database: 'ok' });
    } catch (err) {
      request.log.error({ err }, 'health check: database unreachable');
      return reply
        .status(503)
        .header('cache-control', 'no-store')
        .send({ status: 'error', database: 'down' });
    }
  });
}
