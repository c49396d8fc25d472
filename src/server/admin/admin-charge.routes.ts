import type { FastifyRequest } from 'fastify';
import { adminChargeSchema, type AdminChargeAnswer } from '../../shared/schemas/admin';
import { validate } from '../http/validate';
import type { AdminDeps } from './admin-deps';
import type { AdminRoute } from './admin-route';

/**
 * "Gerar cobrança" for an order settled on WhatsApp (issue 12): the charge, and the order page's link
 * with its proof (ADR 041), since the buyer opens it from a WhatsApp message on another device.
 */
export const chargeAdminRoutes = (
  deps: Pick<AdminDeps, 'chargeWhatsapp' | 'orderLink'>,
  orderId: (request: FastifyRequest) => string,
): AdminRoute[] => [
  {
    method: 'POST',
    url: '/api/admin/orders/:id/charge',
    handler: async (request, reply) => {
      const charge = validate(adminChargeSchema, request.body);
      const id = orderId(request);
      const answer: AdminChargeAnswer = {
        ...(await deps.chargeWhatsapp(id, charge, request.ip)),
        orderLink: deps.orderLink(id),
      };
      return reply.status(201).header('cache-control', 'no-store').send(answer);
    },
  },
];
