import type { SentEmail, SentEmailPage } from '#shared/schemas/admin-emails.ts';
import { api } from '#web/lib/api.ts';

// "E-mails enviados": what the shop sent while no SMTP server is configured (the outbox table).

export const sentEmails = (page: number) => api.get<SentEmailPage>(`/api/admin/emails?page=${page}`);

export const sentEmail = (id: string) => api.get<SentEmail>(`/api/admin/emails/${encodeURIComponent(id)}`);
