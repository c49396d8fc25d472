import type { FastifyReply, FastifyRequest } from 'fastify';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { cookieAttributes } from './session';

const maxAgeSeconds = 400 * 24 * 3600;

/**
 * A browser that signed in to an account, or made it, is that account's own device for its e-mails
 * (issue 42 §3): a password reset asked from it is counted apart from strangers' asks, so a flood of
 * resets by others never keeps the owner from theirs. The cookie holds an HMAC of the address, which
 * nobody without the shop's secret can make, and nothing else.
 */
export function createKnownDevice(secret: string) {
  const mark = (email: string) =>
    createHmac('sha256', secret).update(`known-device:${email}`).digest('base64url').slice(0, 27);
  const name = (request: FastifyRequest) =>
    request.server.sessionCookie.secure ? '__Host-impulso_device' : 'impulso_device';
  return {
    remember(reply: FastifyReply, request: FastifyRequest, email: string): void {
      reply.setCookie(name(request), mark(email), { ...cookieAttributes(request), maxAge: maxAgeSeconds });
    },
    isKnown(request: FastifyRequest, email: string): boolean {
      const given = Buffer.from(request.cookies[name(request)] ?? '');
      const expected = Buffer.from(mark(email));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}

export type KnownDevice = ReturnType<typeof createKnownDevice>;
