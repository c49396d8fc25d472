import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { accountsRepo } from './accounts.repo';
import { hashToken } from './tokens';
import type { UserRow } from '../db/schema';

export const sessionDays = 30;

/** The session cookie's name and Secure flag, fixed per app from the configuration (app.ts decorates it). */
export interface SessionCookie {
  name: string;
  secure: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessionCookie: SessionCookie;
  }
}

/**
 * Secure whenever the shop is public (NODE_ENV=production) or its address is https, not only when a proxy
 * says X-Forwarded-Proto: https (issue 24 §8). Secure cookies take the `__Host-` prefix: the browser then
 * keeps them only from HTTPS, for Path=/ and without Domain, so no sibling subdomain can plant or overwrite
 * one. Plain `impulso_session` in development and tests over http.
 */
export function sessionCookieFor(config: { env: string; publicUrl: string }): SessionCookie {
  const secure = config.env === 'production' || config.publicUrl.startsWith('https:');
  return { name: secure ? '__Host-impulso_session' : 'impulso_session', secure };
}

/** The session token the request carries, under this app's cookie name only. */
export function sessionToken(request: FastifyRequest): string | undefined {
  return request.cookies[request.server.sessionCookie.name];
}

/** The signed-in user, looked up only by the routes that need one (no query on every request). */
export async function sessionUser(db: Db, request: FastifyRequest, now: Date): Promise<UserRow | undefined> {
  const token = sessionToken(request);
  if (!token || token.length > 100) return undefined;
  return accountsRepo.userForSession(db, hashToken(token), now);
}

/** The attributes of the session cookie and of the other cookies an account sets. */
export const cookieAttributes = (request: FastifyRequest) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: request.server.sessionCookie.secure || request.protocol === 'https',
  path: '/',
});

/** HttpOnly, SameSite=Lax, Path=/, no Domain; Secure as sessionCookieFor says (ADR 027). */
export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string) {
  reply.setCookie(request.server.sessionCookie.name, token, {
    ...cookieAttributes(request),
    maxAge: sessionDays * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest) {
  reply.clearCookie(request.server.sessionCookie.name, cookieAttributes(request));
}
