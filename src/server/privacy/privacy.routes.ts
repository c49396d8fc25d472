import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import { personalDataFileName } from '../../shared/shop';
import { verifyPassword } from '../accounts/passwords';
import { clearSessionCookie } from '../accounts/session';
import { requireSignedIn, type SignedIn } from '../accounts/signed-in';
import type { AbuseLimits } from '../config';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import { erasePersonalData, type Person } from './personal-data.repo';
import { exportPersonalData } from './personal-data-export.repo';

const deleteSchema = z.object({ password: z.string().min(1, messages.password_required).max(200) });
const personOf = (who: SignedIn): Person =>
  who.kind === 'account'
    ? {
        kind: 'account',
        email: who.user.email,
        userId: who.user.id,
        verified: who.user.emailVerifiedAt !== null,
      }
    : {
        kind: 'standIn',
        email: who.standIn.email,
        standInId: who.standIn.id,
        orderIds: who.standIn.orderIds,
      };

/** "Meus dados" on /dashboard (issue 13, LGPD art. 18): download everything, or delete the account. */
export async function privacyRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: () => Date; rateLimiter: RateLimiter; limits: AbuseLimits; shopName: string },
) {
  const { db, clock, rateLimiter, limits } = deps;

  app.get('/api/account/data', async (request, reply) => {
    const who = await requireSignedIn(db, request, clock());
    const data = await exportPersonalData(db, personOf(who));
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="${personalDataFileName(deps.shopName)}"`)
      .send({ exportedAt: clock().toISOString(), ...data });
  });

  // The password is guessed here as at sign-in: the same counters (per IP, per account from one IP).
  app.post('/api/account/delete', async (request, reply) => {
    const who = await requireSignedIn(db, request, clock());
    if (who.kind === 'account' && who.user.role === 'operator')
      throw new AppError('forbidden', 'account_delete_operator', messages.account_delete_operator);
    const ip = rateLimiter.clientKey(request.ip);
    const account = rateLimiter.clientKey(who.kind === 'account' ? who.user.email : who.standIn.email);
    await rateLimiter.hit(`login-ip:${ip}`, limits.loginPerIpPer15Min, 15 * 60, 'login_rate_limited');
    await rateLimiter.hit(
      `login-account-ip:${account}:${ip}`,
      limits.loginPerAccountIpPer15Min,
      15 * 60,
      'login_rate_limited',
    );
    const { password } = validate(deleteSchema, request.body);
    const hash = who.kind === 'account' ? who.user.passwordHash : who.standIn.passwordHash;
    if (!(await verifyPassword(hash, password)))
      throw new AppError(
        'invalid_input',
        'account_delete_wrong_password',
        messages.account_delete_wrong_password,
        { field: 'password' },
      );
    await erasePersonalData(db, personOf(who), clock());
    clearSessionCookie(reply, request);
    return reply.send({ ok: true, message: messages.account_deleted });
  });
}
