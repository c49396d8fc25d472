import type { FastifyInstance, FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import { adminListSchema, adminOrderUpdateSchema, adminFiltersSchema } from '../../shared/schemas/admin';
import { sessionUser } from '../accounts/session';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import { recordPaymentState } from '../payments/record-payment-state';
import { cancelSubscription } from '../subscriptions/subscriptions.service';
import { jobsRepo } from '../jobs/jobs.repo';
import { updateOrder } from './admin-orders';
import { cancelUnpaidOrder } from './admin-cancel';
import { ordersCsv, sendCsv } from './orders-csv';
import { adminRepo } from './admin.repo';
import { periodRange } from './periods';
import { salesChart } from './sales-chart';
import type { AdminRoute } from './admin-route';
import type { AdminDeps } from './admin-deps';
import { catalogueAdminRoutes } from './admin-catalogue.routes';
import { shopClaimsAdminRoutes } from '../shop-claims/shop-claims.routes';
import { fulfilmentAdminRoutes } from './admin-fulfilment.routes';
import { refundAdminRoutes } from './admin-refund.routes';
import { chargeAdminRoutes } from './admin-charge.routes';
import { abandonedCheckoutRoutes } from './admin-abandoned.routes';
import { couponAdminRoutes } from './admin-coupons.routes';
import { doctorAdminRoutes } from './admin-doctor.routes';
import { invoiceAdminRoutes } from '../invoices/invoice-admin.routes';
import { adminRestriction, securityAdminRoutes } from './admin-security.routes';
import { privacyAdminRoutes } from '../privacy/privacy-requests.routes';
import { whatsappAdminRoutes } from '../whatsapp/whatsapp-admin.routes';
import { withWhatsapp } from '../whatsapp/whatsapp-views';
import { withPlans } from '../subscriptions/plan-rows';
import { paymentsRepo } from '../payments/payments.repo';
import { idParam } from '../http/route-params';
import { emailAdminRoutes } from './admin-emails.routes';

const orderId = (request: FastifyRequest) =>
  idParam(request, () => new AppError('not_found', 'order_not_found', messages.order_not_found));

/**
 * Every operator endpoint, checked on the server (docs/product.md#operator): 401 without a session, 403 for
 * any session that is not ADMIN_EMAIL's. Exported so a test can walk the whole table.
 */
export function adminRouteTable(deps: AdminDeps): AdminRoute[] {
  const { db, clock } = deps;
  const filtersOf = (request: FastifyRequest) => {
    const f = validate(adminFiltersSchema, request.query);
    return { range: periodRange(f.period, clock(), f.from, f.to), q: f.q, status: f.status };
  };
  return [
    ...securityAdminRoutes(deps),
    {
      method: 'GET',
      url: '/api/admin/dashboard',
      handler: async (request, reply) => {
        const filters = filtersOf(request);
        const funnel = await adminRepo.funnel(db, filters.range);
        const metrics = await adminRepo.metrics(db, filters, funnel.checkout);
        const sales = await salesChart(db, filters.range, clock());
        return reply.header('cache-control', 'no-store').send({ metrics, funnel, sales });
      },
    },
    {
      method: 'GET',
      url: '/api/admin/orders',
      handler: async (request, reply) => {
        const query = validate(adminListSchema, request.query);
        const filters = {
          range: periodRange(query.period, clock(), query.from, query.to),
          q: query.q,
          status: query.status,
        };
        const { rows, total } = await adminRepo.list(db, filters, query);
        return reply.header('cache-control', 'no-store').send({
          orders: await withPlans(
            db,
            await withWhatsapp(
              db,
              rows.map((row) => ({ ...row, hasCpf: row.cpf !== '' })),
            ),
          ),
          total,
          page: query.page,
          pageSize: query.pageSize,
        });
      },
    },
    {
      method: 'GET',
      url: '/api/admin/orders.csv',
      handler: async (request, reply) => {
        const filters = filtersOf(request);
        return sendCsv(reply, 'pedidos', clock(), ordersCsv(db, filters));
      },
    },
    {
      method: 'PATCH',
      url: '/api/admin/orders/:id',
      handler: async (request, reply, admin) => {
        const update = validate(adminOrderUpdateSchema, request.body);
        const id = orderId(request);
        // Cancelling removes the order's live charge first (admin-cancel.ts).
        const order =
          update.status === 'cancelado'
            ? await cancelUnpaidOrder(
                { db, clock, provider: deps.provider, log: request.log },
                id,
                update,
                admin.email,
              )
            : await updateOrder(db, id, update, admin.email, clock());
        return reply.send({ order });
      },
    },
    {
      method: 'GET',
      url: '/api/admin/orders/:id/audit',
      handler: async (request, reply) => reply.send({ audit: await adminRepo.audit(db, orderId(request)) }),
    },
    {
      method: 'POST',
      url: '/api/admin/orders/:id/simulate-payment',
      handler: async (request, reply, admin) => {
        if (deps.provider.name !== 'sandbox')
          throw new AppError('forbidden', 'sandbox_only', messages.sandbox_only);
        const payment = await paymentsRepo.latestForOrder(db, orderId(request));
        if (!payment) throw new AppError('conflict', 'no_payment');
        return reply.send({
          result: await recordPaymentState(db, { paymentId: payment.id }, 'paid', clock(), admin.email),
        });
      },
    },
    {
      method: 'GET',
      url: '/api/admin/jobs/dead',
      handler: async (_request, reply) => {
        const [count, jobs] = await Promise.all([jobsRepo.countDead(db), jobsRepo.listDead(db)]);
        return reply.header('cache-control', 'no-store').send({ count, jobs });
      },
    },
    {
      method: 'POST',
      url: '/api/admin/jobs/:id/retry',
      handler: async (request, reply) => {
        const jobNotFound = () => new AppError('not_found', 'job_not_found', messages.job_not_found);
        if (!(await jobsRepo.retryDead(db, idParam(request, jobNotFound)))) throw jobNotFound();
        return reply.send({ ok: true });
      },
    },
    {
      method: 'POST',
      url: '/api/admin/subscriptions/:id/cancel',
      handler: async (request, reply) => {
        await cancelSubscription({ db, provider: deps.provider, clock }, orderId(request));
        return reply.send({ ok: true });
      },
    },
    ...fulfilmentAdminRoutes(deps.fulfilment, orderId),
    ...refundAdminRoutes(deps, orderId),
    ...abandonedCheckoutRoutes(db),
    ...couponAdminRoutes({ db, clock, coupons: deps.coupons, catalogue: deps.catalogue }),
    ...catalogueAdminRoutes({ db, clock, catalogue: deps.catalogue }),
    ...shopClaimsAdminRoutes({ db, clock, claims: deps.claims }),
    ...privacyAdminRoutes(deps.privacyRequests),
    ...doctorAdminRoutes(deps.doctor),
    ...whatsappAdminRoutes({ db, clock, enabled: deps.whatsappEnabled ?? false }),
    ...invoiceAdminRoutes({ db, clock, fiscal: deps.fiscal ?? null }, orderId),
    ...chargeAdminRoutes(deps, orderId),
    ...emailAdminRoutes({ db, mailerKind: deps.mailerKind ?? 'outbox' }),
  ];
}

export async function adminRoutes(app: FastifyInstance, deps: AdminDeps) {
  const { db, clock, adminEmail } = deps;
  for (const route of adminRouteTable(deps)) {
    app.route({
      method: route.method,
      url: route.url,
      ...(route.bodyLimit ? { bodyLimit: route.bodyLimit } : {}),
      handler: async (request, reply) => {
        const user = await sessionUser(db, request, clock());
        if (!user) throw new AppError('unauthenticated', 'unauthenticated');
        // The role is what grants the panel (docs/product.md#operator); ADMIN_EMAIL is read on every request
        // too, so changing it revokes the old operator at once.
        if (user.role !== 'operator' || user.email !== adminEmail)
          throw new AppError('forbidden', 'forbidden', messages.admin_not_allowed);
        // A session that may not use the panel yet reaches only what lifts that (ADR 027).
        const restriction = adminRestriction(user, deps.requireTwoFactor ?? false);
        const reachable =
          route.access === 'always' ||
          (route.access === 'setup' && restriction === 'admin_two_factor_required');
        if (restriction && !reachable) throw new AppError('forbidden', restriction);
        return route.handler(request, reply, user);
      },
    });
  }
}
