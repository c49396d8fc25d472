import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { consentKey } from '../../shared/consent';
import { validate } from '../http/validate';

const yearSeconds = 365 * 24 * 60 * 60;

/** A path of this shop to go back to: one leading slash, never `//host` or a scheme. */
const returnPath = z
  .string()
  .max(2000)
  .regex(/^\/(?![/\\])[^\s]*$/)
  .catch('/');
const consentForm = z.object({ choice: z.enum(['accepted', 'rejected']), return: returnPath });

/**
 * The cookie banner's choice before the page's scripts run (issue 45 §1): its buttons submit a plain form
 * here; the choice is kept in the same first-party cookie the scripts would set (src/web/lib/consent.ts)
 * and the visitor is sent back to the page, which the server then renders without the banner. Once the
 * scripts run, the banner keeps the choice itself and never posts.
 */
export async function consentRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4 * 1024 },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
  app.post('/api/consent', async (request, reply) => {
    const { choice, return: back } = validate(consentForm, request.body);
    const secure = request.protocol === 'https' || request.server.sessionCookie.secure;
    reply.setCookie(consentKey, choice, { path: '/', maxAge: yearSeconds, sameSite: 'lax', secure });
    return reply.redirect(back, 303);
  });
}
