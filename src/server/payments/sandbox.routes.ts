import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { recordProviderStatus } from './payment-confirmation';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Registered only while the sandbox provider is active (DECISIONS 14): 'Simular pagamento'. */
export async function sandboxRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date }) {
  app.post<{ Params: { id: string } }>('/api/sandbox/payments/:id/confirm', async (request, reply) => {
    const { id } = request.params;
    const result = uuidPattern.test(id)
      ? await recordProviderStatus(deps.db, { paymentId: id }, 'RECEIVED', deps.clock())
      : 'unknown_payment';
    if (result === 'unknown_payment')
      throw new AppError('not_found', 'payment_not_found', messages.not_found);
    return reply.send({ result });
  });
}
