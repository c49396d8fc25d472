import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { messages } from '../../shared/messages';
import { verifyPassword } from '../accounts/passwords';
import { clearSessionCookie, sessionUser } from '../accounts/session';
import type { Db } from '../db/client';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import { erasePersonalData, exportPersonalData, type Person } from './personal-data.repo';

const deleteSchema = z.object({ password: z.string().min(1, messages.password_required).max(200) });
const personOf = (user: UserRow): Person => ({
  email: user.email,
  userId: user.id,
  verified: user.emailVerifiedAt !== null,
});

/** "Meus dados" on /dashboard (issue 13, LGPD art. 18): download everything, or delete the account. */
export async function privacyRoutes(app: FastifyInstance, deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;
  const requireUser = async (request: Parameters<typeof sessionUser>[1]) => {
    const user = await sessionUser(db, request, clock());
    if (!user) throw new AppError('unauthenticated', 'unauthenticated');
    return user;
  };

  app.get('/api/account/data', async (request, reply) => {
    const user = await requireUser(request);
    const data = await exportPersonalData(db, personOf(user));
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', 'attachment; filename="meus-dados-impulso.json"')
      .send({ exportedAt: clock().toISOString(), ...data });
  });

  app.post('/api/account/delete', async (request, reply) => {
    const user = await requireUser(request);
    if (user.role === 'operator')
      throw new AppError('forbidden', 'account_delete_operator', messages.account_delete_operator);
    const { password } = validate(deleteSchema, request.body);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new AppError(
        'invalid_input',
        'account_delete_wrong_password',
        messages.account_delete_wrong_password,
        {
          field: 'password',
        },
      );
    await erasePersonalData(db, personOf(user), clock());
    clearSessionCookie(reply, request);
    return reply.send({ ok: true, message: messages.account_deleted });
  });
}
