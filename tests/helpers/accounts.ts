import { desc, eq } from 'drizzle-orm';
import { outboxEmails } from '../../src/server/db/schema';
import { setAdminPassword } from '../../src/server/admin/admin-account';
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
