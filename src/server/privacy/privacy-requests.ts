import { messages } from '../../shared/messages';
import { maskEmail } from '../../shared/orders';
import { newToken, hashToken } from '../accounts/tokens';
import type { Db } from '../db/client';
import { privacyRequestsRepo } from './privacy-requests.repo';
import { privacyRequestEmail } from '../email/privacy-templates';
import { enqueue } from '../jobs/job-queue';
import { AppError } from '../errors';
import { erasePersonalData } from './personal-data.repo';
import { exportPersonalData } from './personal-data-export.repo';

/** How long the buyer has to confirm by the link. */
const linkHours = 72;

/**
 * The operator's data-subject requests for guest buyers (issue 13): the request is recorded and a link is
 * e-mailed to the address; only the holder of that mailbox can have the data exported or erased.
 */
export function privacyRequestsService(deps: {
  db: Db;
  clock: () => Date;
  shop: { name: string; publicUrl: string };
}) {
  const { db, clock, shop } = deps;
  return {
    async request(email: string, action: 'export' | 'erase', operator: string) {
      const { token, hash } = newToken();
      const now = clock();
      await db.transaction(async (tx) => {
        await privacyRequestsRepo.insert(tx, {
          email,
          action,
          tokenHash: hash,
          requestedBy: operator,
          createdAt: now,
          expiresAt: new Date(now.getTime() + linkHours * 3_600_000),
        });
        await enqueue(tx, 'send_email', { ...privacyRequestEmail(shop, email, action, token) });
      });
    },

    async list() {
      const rows = await privacyRequestsRepo.recent(db, 50);
      return rows.map((r) => ({
        id: r.id,
        email: r.email,
        action: r.action,
        requestedBy: r.requestedBy,
        createdAt: r.createdAt.toISOString(),
        confirmedAt: r.confirmedAt?.toISOString() ?? null,
      }));
    },

    /** What the link shows before the buyer confirms: the action and the address, masked. */
    async describe(token: string) {
      const request = await pending(token);
      return { action: request.action, email: maskEmail(request.email) };
    },

    /** The buyer confirms: an export answers with the data, an erasure erases it (once). */
    async confirm(token: string) {
      const request = await pending(token);
      const person = { kind: 'mailbox' as const, email: request.email };
      const now = clock();
      if (request.action === 'export') {
        await privacyRequestsRepo.confirm(db, request.id, now);
        return { action: 'export' as const, data: await exportPersonalData(db, person) };
      }
      await erasePersonalData(db, person, now);
      await privacyRequestsRepo.confirm(db, request.id, now);
      await privacyRequestsRepo.maskEmail(db, request.email, maskEmail(request.email));
      return { action: 'erase' as const, message: messages.privacy_request_erased };
    },
  };

  async function pending(token: string) {
    const request = await privacyRequestsRepo.pending(db, hashToken(token), clock());
    if (!request) throw new AppError('not_found', 'privacy_link_invalid', messages.privacy_link_invalid);
    return request;
  }
}

export type PrivacyRequests = ReturnType<typeof privacyRequestsService>;
