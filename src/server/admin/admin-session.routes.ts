import type { FastifyInstance } from 'fastify';
import { adminLoginSchema } from '../../shared/schemas/admin';
import { accountsRepo } from '../accounts/accounts.repo';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../accounts/session';
import { hashToken } from '../accounts/tokens';
import { validate } from '../http/validate';
import { createAdminLogin } from './admin-login';
import type { Db } from '../db/client';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/** /api/admin/login (under the lock of admin-login.ts) and /api/admin/logout. */
export async function adminSessionRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: () => Date; adminEmail: string; rateLimiter: RateLimiter },
) {
  const { db, clock, adminEmail, rateLimiter } = deps;
  const login = createAdminLogin({ db, clock, adminEmail });

  app.post('/api/admin/login', async (request, reply) => {
    const { email, password } = validate(adminLoginSchema, request.body);
    const { token, email: signedIn } = await login.login(email, password, rateLimiter.clientKey(request.ip));
    setSessionCookie(reply, request, token);
    return reply.send({ email: signedIn });
  });

  app.post('/api/admin/logout', async (request, reply) => {
    const token = sessionToken(request);
    if (token) await accountsRepo.deleteSession(db, hashToken(token));
    clearSessionCookie(reply, request);
    return reply.send({ ok: true });
  });
}
