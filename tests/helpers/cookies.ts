import type { LightMyRequestResponse } from 'fastify';

/**
 * 'impulso_session=…' (or '__Host-impulso_session=…' when the cookie is Secure) from a response's
 * Set-Cookie, for the next request's Cookie header.
 */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find((c) => /^(__Host-)?impulso_session=/.test(c));
  if (!session) throw new Error('no session cookie');
  return session.split(';')[0]!;
}

/** Every cookie a response sets, as the next request's Cookie header (the session and the known device). */
export function cookiesOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  return cookies.map((c) => c.split(';')[0]!).join('; ');
}
