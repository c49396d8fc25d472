import type { LightMyRequestResponse } from 'fastify';

/** 'impulso_session=…' from a response's Set-Cookie, for the next request's Cookie header. */
export function sessionCookieOf(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const cookies = Array.isArray(header) ? header : header ? [header] : [];
  const session = cookies.find((c) => c.startsWith('impulso_session='));
  if (!session) throw new Error('no session cookie');
  return session.split(';')[0]!;
}
