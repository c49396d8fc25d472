import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { paymentsRepo } from './payments.repo';
import { isId } from '../../shared/schemas/ids';

/**
 * The PIX QR image of a payment: the provider's own image when it sent one, otherwise drawn from the
 * BR Code. The payment id is an unguessable UUID, like the order id.
 */
export async function qrCodeRoutes(app: FastifyInstance, deps: { db: Db }) {
  app.get<{ Params: { id: string } }>('/api/payments/:id/qr.png', async (request, reply) => {
    const payment = isId(request.params.id)
      ? await paymentsRepo.findById(deps.db, request.params.id)
      : undefined;
    if (!payment?.pixPayload) throw new AppError('not_found', 'payment_not_found');
    const png = payment.pixImageBase64
      ? Buffer.from(payment.pixImageBase64, 'base64')
      : await QRCode.toBuffer(payment.pixPayload, { errorCorrectionLevel: 'M', margin: 2, width: 320 });
    return reply.type('image/png').header('cache-control', 'private, max-age=86400, immutable').send(png);
  });
}
