import { desc, eq } from 'drizzle-orm';
import { outboxEmails } from '#server/db/schema/index.ts';
import { setAdminPassword } from '#server/admin/admin-account.ts';
import { base32Decode, totp } from '#server/admin/totp.ts';
import { sessionCookieOf } from './cookies';
import { createTestApp, type TestApp } from './test-app';

/** The newest e-mail to `to` whose subject starts with `subject`, after the queue has run. */
export async function lastEmailTo(app: TestApp, to: string, subject: string) {
  await app.jobs.drain();
  const emails = await app.database.db
    .select()
    .from(outboxEmails)
    .where(eq(outboxEmails.to, to))
    .orderBy(desc(outboxEmails.createdAt));
  return emails.find((e) => e.subject.startsWith(subject));
}

/** The token of an e-mailed link (it travels in the fragment: issue 9 §7). */
export function tokenIn(text: string, path: string): string {
  const link = text.match(new RegExp(`https?://\\S+${path}#token=\\S+`));
  if (!link) throw new Error(`no ${path} link in the e-mail`);
  return new URLSearchParams(new URL(link[0]).hash.slice(1)).get('token')!;
}

export const signupBody = (email: string, password = 'segredo123', name = 'Joana Lima') => ({
  name,
  email,
  password,
  confirmPassword: password,
});

/** Makes `email` the operator (as admin:create does), signs in at /api/admin/login, returns the cookie. */
export async function operatorCookie(app: TestApp, email: string, password = 'senha-da-dona-1') {
  await setAdminPassword(app.database.db, email, password, new Date());
  const login = await app.server.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: { email, password },
  });
  return sessionCookieOf(login);
}

/** The app with ADMIN_EMAIL's operator signed in, on the test's clock: the panel's own tests. */
export async function startOperatorApp(adminEmail: string, clock: () => Date) {
  const app = await createTestApp({ ADMIN_EMAIL: adminEmail }, { clock });
  return { app, cookie: await operatorCookie(app, adminEmail) };
}

/** A TOTP code of `secret` (base32) at `at`, as the operator's phone shows it. */
export const codeAt = (secret: string, at: Date) => totp(base32Decode(secret), at);

/** Sets up the second factor from the panel with this session: the secret and the recovery codes shown. */
export async function enableTwoFactor(app: TestApp, cookie: string, at: Date) {
  const setup = await app.server.inject({
    method: 'POST',
    url: '/api/admin/2fa/setup',
    headers: { cookie },
    payload: {},
  });
  if (setup.statusCode !== 200) throw new Error(`2FA setup: ${setup.body}`);
  const { secret } = setup.json() as { secret: string };
  const confirm = await app.server.inject({
    method: 'POST',
    url: '/api/admin/2fa/confirm',
    headers: { cookie },
    payload: { code: codeAt(secret, at) },
  });
  if (confirm.statusCode !== 200) throw new Error(`2FA confirm: ${confirm.body}`);
  return { secret, recoveryCodes: confirm.json().recoveryCodes as string[] };
}

/** The two steps of the operator's sign-in: the password, then `code` with the pending token. */
export async function signInTwoSteps(
  app: TestApp,
  login: { email: string; password: string; code: string; remoteAddress?: string },
) {
  const remoteAddress = login.remoteAddress ?? '127.0.0.1';
  const passwordStep = await app.server.inject({
    method: 'POST',
    url: '/api/admin/login',
    remoteAddress,
    payload: { email: login.email, password: login.password },
  });
  const token =
    passwordStep.statusCode === 200 ? (passwordStep.json().token as string | undefined) : undefined;
  const codeStep = token
    ? await app.server.inject({
        method: 'POST',
        url: '/api/admin/login/code',
        remoteAddress,
        payload: { token, code: login.code },
      })
    : undefined;
  return { passwordStep, codeStep, token };
}
