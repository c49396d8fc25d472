import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance, deps: { ping: () => Promise<void> }) {
  app.get('/api/health', async (request, reply) => {
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
