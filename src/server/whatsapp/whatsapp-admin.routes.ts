import { whatsappKindLabels, whatsappKinds, whatsappVariables } from '../../shared/whatsapp';
import { whatsappTemplatesSchema, type WhatsappSettingsView } from '../../shared/schemas/whatsapp';
import type { AdminRoute } from '../admin/admin-route';
import { recordOwnerChange } from '../admin/owner-audit.repo';
import type { Db, Executor } from '../db/client';
import { validate } from '../http/validate';
import { whatsappRepo } from './whatsapp.repo';

async function settingsView(db: Executor, enabled: boolean): Promise<WhatsappSettingsView> {
  const templates = await whatsappRepo.templates(db);
  return {
    enabled,
    kinds: whatsappKinds.map((kind) => ({
      kind,
      label: whatsappKindLabels[kind],
      template: templates[kind] ?? '',
      variables: whatsappVariables[kind],
    })),
  };
}

/** The panel's "WhatsApp" page (docs/whatsapp.md): each message's approved template, saved with an audit row. */
export function whatsappAdminRoutes(deps: { db: Db; clock: () => Date; enabled: boolean }): AdminRoute[] {
  return [
    {
      method: 'GET',
      url: '/api/admin/whatsapp',
      handler: async (_request, reply) =>
        reply.header('cache-control', 'no-store').send(await settingsView(deps.db, deps.enabled)),
    },
    {
      method: 'PATCH',
      url: '/api/admin/whatsapp',
      handler: async (request, reply, admin) => {
        const { templates } = validate(whatsappTemplatesSchema, request.body);
        const at = deps.clock();
        await deps.db.transaction(async (tx) => {
          const before = await whatsappRepo.templates(tx);
          for (const kind of whatsappKinds) {
            const name = templates[kind];
            if (name !== undefined) await whatsappRepo.setTemplate(tx, kind, name, at);
          }
          await recordOwnerChange(tx, {
            entity: 'setting',
            entityId: 'whatsapp_templates',
            actor: admin.email,
            before,
            after: await whatsappRepo.templates(tx),
            at,
          });
        });
        return reply.send(await settingsView(deps.db, deps.enabled));
      },
    },
  ];
}
