import type { FastifyInstance } from 'fastify';
import { messages } from '../../shared/messages';
import { adminCodeSchema, adminLoginSchema, type AdminLoginAnswer } from '../../shared/schemas/admin-session';
import { accountsRepo } from '../accounts/accounts.repo';
import { clearSessionCookie, sessionToken, setSessionCookie } from '../accounts/session';
import { hashToken } from '../accounts/tokens';
import { validate } from '../http/validate';
import { createAdminLogin } from './admin-login';
import type { Db } from '../db/client';
import type { AlertTarget } from '../owner-alerts/owner-alerts';
import type { RateLimiter } from '../rate-limit/rate-limiter';

/**
 * /api/admin/login (the password step), /api/admin/login/code (the second factor's step) and
 * /api/admin/logout, under the limits of admin-login.ts. The password alone never sets the cookie of an
 * operator who has a second factor (ADR 027).
 */
export async function adminSessionRoutes(
  app: FastifyInstance,
  deps: { db: Db; clock: () => Date; adminEmail: string; rateLimiter: RateLimiter; alert?: AlertTarget },
) {
  const { db, clock, adminEmail, rateLimiter } = deps;
  const login = createAdminLogin({ db, clock, adminEmail, ...(deps.alert ? { alert: deps.alert } : {}) });

  app.post('/api/admin/login', async (request, reply) => {
    const { email, password } = validate(adminLoginSchema, request.body);
    const result = await login.login(email, password, rateLimiter.clientKey(request.ip));
    let answer: AdminLoginAnswer;
    if (result.step === 'code') {
      answer = { step: 'code', token: result.pendingToken, message: messages.admin_code_step };
    } else {
      setSessionCookie(reply, request, result.token);
      answer = { email: result.email };
    }
    return reply.header('cache-control', 'no-store').send(answer);
  });

  app.post('/api/admin/login/code', async (request, reply) => {
    const { token, code } = validate(adminCodeSchema, request.body);
    const result = await login.verifyCode(token, code, rateLimiter.clientKey(request.ip));
    setSessionCookie(reply, request, result.token);
    return reply.header('cache-control', 'no-store').send({
      email: result.email,
      usedRecoveryCode: result.usedRecoveryCode,
      recoveryCodesLeft: result.recoveryCodesLeft,
    });
  });

  app.post('/api/admin/logout', async (request, reply) => {
    const token = sessionToken(request);
    if (token) await accountsRepo.deleteSession(db, hashToken(token));
    clearSessionCookie(reply, request);
    return reply.send({ ok: true });
  });
}
