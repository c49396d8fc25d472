import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KnownDevice } from './known-device';
import { messages } from '../../shared/messages';
import {
  loginSchema,
  resetConfirmSchema,
  resetRequestSchema,
  signupSchema,
  verifyEmailSchema,
} from '../../shared/schemas/accounts';
import type { AbuseLimits } from '../config';
import type { Db } from '../db/client';
import { validate } from '../http/validate';
import { AppError } from '../errors';
import { fixedWindow, type RateLimiter } from '../rate-limit/rate-limiter';
import { accountUserOf, type AccountsService } from './accounts.service';
import { requireSignedIn } from './signed-in';
import { clearSessionCookie, sessionToken, setSessionCookie } from './session';

export async function accountsRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    service: AccountsService;
    rateLimiter: RateLimiter;
    limits: AbuseLimits;
    clock: () => Date;
    knownDevice: KnownDevice;
  },
) {
  const { db, service, rateLimiter, limits, clock, knownDevice } = deps;
  const stranger = (request: FastifyRequest) =>
    ({ kind: 'stranger', client: rateLimiter.clientKey(request.ip) }) as const;
  const window = 15 * 60;
  const limit = (key: string, max: number) => rateLimiter.hit(key, max, window, 'login_rate_limited');

  app.post('/api/auth/signup', async (request, reply) => {
    await limit(`signup-ip:${rateLimiter.clientKey(request.ip)}`, 20);
    const input = validate(signupSchema, request.body);
    const { user, token } = await service.signup(input, stranger(request));
    setSessionCookie(reply, request, token);
    knownDevice.remember(reply, request, input.email);
    return reply.status(201).send({ user });
  });

  // Throttled per IP and per account and IP, so a stranger cannot lock a customer out (OWASP ASVS 2.2.1).
  // The account-wide limit counts failed passwords only, and once reached it turns away only addresses
  // that failed in the window: a spread-out guessing run gets one try per address, while the owner's
  // right password from a clean address still signs in (issue 24 §5, ADR 027).
  app.post('/api/auth/login', async (request, reply) => {
    const ip = rateLimiter.clientKey(request.ip);
    await limit(`login-ip:${ip}`, limits.loginPerIpPer15Min);
    const input = validate(loginSchema, request.body);
    const account = rateLimiter.clientKey(input.email);
    await limit(`login-account-ip:${account}:${ip}`, limits.loginPerAccountIpPer15Min);
    const accountFailures = `login-fail-account:${account}`;
    const ipFailures = `login-fail-ip:${ip}`;
    if (
      (await rateLimiter.count(accountFailures, window)) >= limits.loginPerAccountPer15Min &&
      (await rateLimiter.count(ipFailures, window)) > 0
    ) {
      throw new AppError('rate_limited', 'login_rate_limited', undefined, {
        retryAfterSeconds: fixedWindow(clock().getTime(), window).secondsLeft,
      });
    }
    try {
      const { user, token } = await service.login(input);
      setSessionCookie(reply, request, token);
      knownDevice.remember(reply, request, input.email);
      return reply.send({ user });
    } catch (error) {
      if (error instanceof AppError && error.code === 'login_failed') {
        await rateLimiter.add(accountFailures, window);
        await rateLimiter.add(ipFailures, window);
      }
      throw error;
    }
  });

  app.post('/api/auth/logout', async (request, reply) => {
    await service.logout(sessionToken(request));
    clearSessionCookie(reply, request);
    return reply.send({ ok: true });
  });

  app.get('/api/auth/me', async (request, reply) => {
    const who = await requireSignedIn(db, request, clock());
    return reply.header('cache-control', 'no-store').send({ user: accountUserOf(who) });
  });

  app.post('/api/auth/verify-email', async (request, reply) => {
    const { token } = validate(verifyEmailSchema, request.body);
    const { resetToken } = await service.verifyEmail(token, sessionToken(request));
    if (resetToken) {
      return reply
        .header('cache-control', 'no-store')
        .send({ ok: true, message: messages.email_verified_set_password, resetToken });
    }
    return reply.send({ ok: true, message: messages.email_verified });
  });

  app.post('/api/auth/verify-email/resend', async (request, reply) => {
    await service.resendFor(await requireSignedIn(db, request, clock()));
    return reply.status(202).send({ ok: true });
  });

  app.post('/api/auth/password-reset', async (request, reply) => {
    await limit(`reset-ip:${rateLimiter.clientKey(request.ip)}`, 10);
    const { email } = validate(resetRequestSchema, request.body);
    // From a browser that signed in to the account before, it is the owner's own ask (known-device.ts).
    await service.requestReset(
      email,
      knownDevice.isKnown(request, email) ? { kind: 'own' } : stranger(request),
    );
    return reply.status(202).send({ ok: true, message: messages.reset_requested });
  });

  app.post('/api/auth/password-reset/confirm', async (request, reply) => {
    const input = validate(resetConfirmSchema, request.body);
    await service.confirmReset(input.token, input.password);
    return reply.send({ ok: true, message: messages.password_changed });
  });

  app.get('/api/account/orders', async (request, reply) => {
    const who = await requireSignedIn(db, request, clock());
    return reply
      .header('cache-control', 'no-store')
      .send({ user: accountUserOf(who), ...(await service.ordersOf(who)) });
  });
}
