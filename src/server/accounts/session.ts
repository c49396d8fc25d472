import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { accountsRepo } from './accounts.repo';
import { hashToken } from './tokens';
import type { UserRow } from '../db/schema';

export const sessionCookie = 'impulso_session';
export const sessionDays = 30;

/** The signed-in user, looked up only by the routes that need one (no query on every request). */
export async function sessionUser(db: Db, request: FastifyRequest, now: Date): Promise<UserRow | undefined> {
  const token = request.cookies[sessionCookie];
  if (!token || token.length > 100) return undefined;
  return accountsRepo.userForSession(db, hashToken(token), now);
}

/** HttpOnly, SameSite=Lax, Secure when the site is served over HTTPS (DECISIONS 20). */
export function setSessionCookie(reply: FastifyReply, request: FastifyRequest, token: string) {
  reply.setCookie(sessionCookie, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: sessionDays * 24 * 60 * 60,
  });
}

export function clearSessionCookie(reply: FastifyReply, request: FastifyRequest) {
  reply.clearCookie(sessionCookie, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
}
