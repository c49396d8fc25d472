import type { FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import {
  adminPackageSchema,
  adminPlanComponentSchema,
  adminPlanSchema,
  adminProductSchema,
  catalogueProductParam,
  cataloguePlanParam,
  planComponentParam,
  type AdminCatalogue,
} from '../../shared/schemas/catalogue';
import { catalogueEditor } from '../catalogue/catalogue-editor';
import { catalogueRepo } from '../catalogue/catalogue.repo';
import type { CatalogueStore } from '../catalogue/catalogue-store';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import type { AdminRoute } from './admin-route';
import { routeParam } from '../http/route-params';

const notFound = () =>
  new AppError('not_found', 'catalogue_package_not_found', messages.catalogue_package_not_found);

function params(request: FastifyRequest) {
  const product = catalogueProductParam.safeParse(routeParam(request, 'product'));
  const amount = Number(routeParam(request, 'amount'));
  return {
    product: () => {
      if (!product.success) throw notFound();
      return product.data;
    },
    amount: () => {
      if (!Number.isSafeInteger(amount) || amount < 1) throw notFound();
      return amount;
    },
    plan: () => {
      const plan = cataloguePlanParam.safeParse(routeParam(request, 'plan'));
      if (!plan.success) throw new AppError('not_found', 'not_found');
      return plan.data;
    },
    component: () => {
      const component = planComponentParam.safeParse(routeParam(request, 'component'));
      if (!component.success) throw new AppError('not_found', 'not_found');
      return component.data;
    },
  };
}

/** The catalogue editor in the panel (issue 13): prices, packages, add-ons, guarantees and plans. */
export function catalogueAdminRoutes(deps: {
  db: Db;
  clock: () => Date;
  catalogue: CatalogueStore;
}): AdminRoute[] {
  const { db } = deps;
  const editor = catalogueEditor(deps);
  return [
    {
      method: 'GET',
      url: '/api/admin/catalogue',
      handler: async (_request, reply) => {
        const [catalogue, audit] = await Promise.all([
          catalogueRepo.loadForAdmin(db),
          catalogueRepo.recentAudit(db, 30),
        ]);
        const body: AdminCatalogue = {
          ...catalogue,
          audit: audit.map((a) => ({ ...a, at: a.at.toISOString() })),
        };
        return reply.header('cache-control', 'no-store').send(body);
      },
    },
    {
      method: 'POST',
      url: '/api/admin/catalogue/packages/:product',
      handler: async (request, reply, admin) => {
        const product = params(request).product();
        const fields = validate(adminPackageSchema, request.body);
        await editor.addPackage(admin.email, product, fields);
        return reply.status(201).send({ version: deps.catalogue.current().version });
      },
    },
    {
      method: 'PATCH',
      url: '/api/admin/catalogue/packages/:product/:amount',
      handler: async (request, reply, admin) => {
        const p = params(request);
        const fields = validate(adminPackageSchema, request.body);
        await editor.updatePackage(admin.email, p.product(), p.amount(), fields);
        return reply.send({ version: deps.catalogue.current().version });
      },
    },
    {
      method: 'PATCH',
      url: '/api/admin/catalogue/products/:product',
      handler: async (request, reply, admin) => {
        const product = params(request).product();
        await editor.updateProduct(admin.email, product, validate(adminProductSchema, request.body));
        return reply.send({ version: deps.catalogue.current().version });
      },
    },
    {
      method: 'PATCH',
      url: '/api/admin/catalogue/plans/:plan',
      handler: async (request, reply, admin) => {
        const plan = params(request).plan();
        await editor.updatePlan(admin.email, plan, validate(adminPlanSchema, request.body));
        return reply.send({ version: deps.catalogue.current().version });
      },
    },
    {
      method: 'PATCH',
      url: '/api/admin/catalogue/plans/:plan/components/:component',
      handler: async (request, reply, admin) => {
        const p = params(request);
        const fields = validate(adminPlanComponentSchema, request.body);
        await editor.updatePlanComponent(admin.email, p.plan(), p.component(), fields);
        return reply.send({ version: deps.catalogue.current().version });
      },
    },
  ];
}
