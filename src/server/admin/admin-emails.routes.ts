import { messages } from '../../shared/messages';
import { emailListSchema, emailPageSize, type SentEmailPage } from '../../shared/schemas/admin-emails';
import { sentEmailsRepo } from '../email/sent-emails.repo';
import { AppError } from '../errors';
import { idParam } from '../http/route-params';
import { validate } from '../http/validate';
import type { Db } from '../db/client';
import type { AdminRoute } from './admin-route';

/**
 * "E-mails enviados" (docs/admin.md#e-mails-enviados): without SMTP_URL every e-mail the shop sends lands in the
 * outbox table, and the owner reads them here, newest first. With SMTP the mailboxes have them: the list
 * says so and shows none (the copies kept for the buyer's export have their links scrubbed).
 */
export function emailAdminRoutes(deps: { db: Db; mailerKind: 'smtp' | 'outbox' }): AdminRoute[] {
  const { db } = deps;
  const notFound = () => new AppError('not_found', 'email_not_found', messages.email_not_found);
  return [
    {
      method: 'GET',
      url: '/api/admin/emails',
      handler: async (request, reply) => {
        const { page } = validate(emailListSchema, request.query);
        let answer: SentEmailPage = { delivery: 'smtp' };
        if (deps.mailerKind === 'outbox') {
          const { rows, total } = await sentEmailsRepo.page(db, (page - 1) * emailPageSize, emailPageSize);
          const emails = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
          answer = { delivery: 'outbox', emails, total, page, pageSize: emailPageSize };
        }
        return reply.header('cache-control', 'no-store').send(answer);
      },
    },
    {
      method: 'GET',
      url: '/api/admin/emails/:id',
      handler: async (request, reply) => {
        if (deps.mailerKind !== 'outbox')
          throw new AppError('conflict', 'emails_through_smtp', messages.emails_through_smtp);
        const email = await sentEmailsRepo.byId(db, idParam(request, notFound));
        if (!email) throw notFound();
        return reply
          .header('cache-control', 'no-store')
          .send({ ...email, createdAt: email.createdAt.toISOString() });
      },
    },
  ];
}
