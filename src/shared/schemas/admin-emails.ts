import { z } from 'zod';

// "E-mails enviados" (docs/admin.md#e-mails-enviados): what the shop sent while no SMTP server is configured.

export const emailListSchema = z.object({
  page: z.coerce.number({ error: 'Página inválida.' }).int().min(1).max(100_000).default(1),
});

export const emailPageSize = 50;

/** One e-mail of the list: who, what, when (newest first). */
export interface SentEmailSummary {
  id: string;
  to: string;
  subject: string;
  createdAt: string;
}

/** One e-mail as sent: its HTML (shown sandboxed, as the buyer's mail app would) and its text. */
export interface SentEmail extends SentEmailSummary {
  html: string;
  text: string;
}

/** With SMTP_URL set the shop sends through SMTP and the panel lists nothing (the mailbox has them). */
export type SentEmailPage =
  | { delivery: 'smtp' }
  | { delivery: 'outbox'; emails: SentEmailSummary[]; total: number; page: number; pageSize: number };
