import { z } from 'zod';
import { messages } from '../messages';
import { whatsappKinds } from '../whatsapp';

/** PATCH /api/admin/whatsapp: a template name per message kind ('' clears it: that message is not sent). */
export const whatsappTemplatesSchema = z.object({
  templates: z.partialRecord(
    z.enum(whatsappKinds),
    z
      .string()
      .trim()
      .regex(/^[a-z0-9_]{0,512}$/, messages.whatsapp_template_invalid),
  ),
});
export type WhatsappTemplatesInput = z.infer<typeof whatsappTemplatesSchema>;

/** GET /api/admin/whatsapp: whether it is on, each kind's template and variables, the numbers that said PARAR. */
export interface WhatsappSettingsView {
  enabled: boolean;
  kinds: Array<{ kind: string; label: string; template: string; variables: readonly string[] }>;
}

/** One message of an order, for the panel's order row. */
export interface WhatsappMessageView {
  kind: string;
  label: string;
  state: string;
  stateLabel: string;
  errorCode: number | null;
  errorText: string | null;
}
