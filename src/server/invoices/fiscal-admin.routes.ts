import type { FastifyRequest } from 'fastify';
import { messages } from '../../shared/messages';
import {
  fiscalCodeLookupSchema,
  fiscalInfoSchema,
  serviceLookupSchema,
} from '../../shared/schemas/fiscal-info';
import { recordOwnerChange } from '../admin/owner-audit.repo';
import type { AdminRoute } from '../admin/admin-route';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import { AsaasRequestError } from '../payments/asaas/asaas-client';
import { ProviderBusy } from '../payments/provider-busy';
import type { AsaasFiscal } from './fiscal-asaas';
import { auditedFiscalInfo, fiscalForm } from './fiscal-form';

// The panel's "Nota fiscal" setup (docs/nfse.md): what the city requires, the fiscal data sent to Asaas
// (multipart, the city's credentials passing through once), and the look-ups of municipal services and
// of the codes of the IBS/CBS classification and the NBS. Asaas
// refusing or not answering is a 502 with a pt-BR text; the request body is never logged.

/** One call to Asaas: its refusal in its own words, or "did not answer", both 502. */
export async function askAsaas<T>(request: FastifyRequest, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof ProviderBusy) throw new AppError('provider_unavailable', 'provider_busy');
    if (error instanceof AsaasRequestError)
      throw new AppError(
        'provider_unavailable',
        'fiscal_refused',
        `${messages.fiscal_refused} ${error.message}`,
      );
    request.log.warn({ err: error }, 'asaas fiscal request failed');
    throw new AppError('provider_unavailable', 'fiscal_unavailable');
  }
}

export function fiscalAdminRoutes(deps: { db: Db; clock: () => Date; fiscal: AsaasFiscal | null }) {
  const { db, clock } = deps;
  const fiscal = () => {
    if (!deps.fiscal) throw new AppError('conflict', 'fiscal_needs_asaas');
    return deps.fiscal;
  };
  const routes: AdminRoute[] = [
    {
      method: 'GET',
      url: '/api/admin/fiscal',
      handler: async (request, reply) => {
        const asaas = fiscal();
        const [options, info] = await askAsaas(request, () => Promise.all([asaas.options(), asaas.info()]));
        return reply.header('cache-control', 'no-store').send({ options, info });
      },
    },
    {
      method: 'POST',
      url: '/api/admin/fiscal',
      // Room for an A1 certificate (a few kilobytes, base64) above the app's 64 KB.
      bodyLimit: 256 * 1024,
      handler: async (request, reply, admin) => {
        const fields = validate(fiscalInfoSchema, request.body);
        const asaas = fiscal();
        const [options, before] = await askAsaas(request, () => Promise.all([asaas.options(), asaas.info()]));
        const form = fiscalForm(fields, options, before);
        const info = await askAsaas(request, () => asaas.save(form));
        await recordOwnerChange(db, {
          entity: 'fiscal_info',
          entityId: 'asaas',
          actor: admin.email,
          before,
          after: auditedFiscalInfo(fields),
          at: clock(),
        });
        return reply.send({ info });
      },
    },
    {
      method: 'GET',
      url: '/api/admin/fiscal/codes',
      handler: async (request, reply) => {
        const { kind, query } = validate(fiscalCodeLookupSchema, request.query);
        const asaas = fiscal();
        const codes = await askAsaas(request, () => asaas.codes(kind, query));
        return reply.header('cache-control', 'no-store').send({ codes });
      },
    },
    {
      method: 'GET',
      url: '/api/admin/fiscal/services',
      handler: async (request, reply) => {
        const { description } = validate(serviceLookupSchema, request.query);
        const asaas = fiscal();
        const services = await askAsaas(request, () => asaas.services(description));
        return reply.header('cache-control', 'no-store').send({ services });
      },
    },
  ];
  return routes;
}
