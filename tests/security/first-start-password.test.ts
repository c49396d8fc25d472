import { existsSync, mkdtempSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstStart, setAdminPassword } from '#server/admin/admin-account.ts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 24 §9: the first-start operator password was printed to the log, which journald keeps. Now it
// goes to a file only the service user reads (0600, O_EXCL), the log says where, the panel asks for a
// new password before anything else, and the file is deleted after the change. firstStart is what
// main.ts runs on an empty embedded database.
const adminEmail = 'dona@loja.example';
const dataDir = mkdtempSync(path.join(tmpdir(), 'impulso-first-start-'));
const file = path.join(dataDir, 'operator-password.txt');
const log: string[] = [];
let app: TestApp;

beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: adminEmail }, { initialPasswordFile: file });
  await firstStart(app.database.db, { adminEmail, embedded: true, passwordFile: file }, (line) =>
    log.push(line),
  );
});
afterAll(() => app.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object, cookie?: string) =>
  app.server.inject({ method, url, payload, headers: cookie ? { cookie } : {} });

it('the log names the file, never the password; the file is 0600 and holds it', () => {
  expect(existsSync(file)).toBe(true);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  const password = readFileSync(file, 'utf8').trim();
  expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/);
  expect(log.join('\n')).not.toContain(password);
  expect(log.join('\n')).toContain(file);
});

it('the first sign-in can only change the password; the change deletes the file and the old password', async () => {
  const password = readFileSync(file, 'utf8').trim();
  const login = await call('POST', '/api/admin/login', { email: adminEmail, password });
  expect(login.statusCode).toBe(200);
  const cookie = String(login.headers['set-cookie']).split(';')[0]!;

  for (const url of ['/api/admin/dashboard', '/api/admin/orders', '/api/admin/coupons']) {
    const panel = await call('GET', url, undefined, cookie);
    expect(panel.statusCode, url).toBe(403);
    expect(panel.json()).toMatchObject({
      code: 'admin_password_change_required',
      message: 'Troque a senha inicial antes de usar o painel.',
    });
  }
  const session = await call('GET', '/api/admin/session', undefined, cookie);
  expect(session.json()).toMatchObject({ email: adminEmail, mustChangePassword: true });

  const change = (currentPassword: string, newPassword: string) =>
    call(
      'POST',
      '/api/admin/password',
      { currentPassword, newPassword, confirmPassword: newPassword },
      cookie,
    );
  const weak = await change(password, 'senha12345');
  expect(weak.statusCode).toBe(400);
  expect(weak.json()).toMatchObject({ code: 'operator_password_weak', field: 'newPassword' });
  expect((await change(password, ' '.repeat(12))).json().code).toBe('password_blank');
  expect((await change('nao-e-esta', 'tatu-bola-azul-92')).json().message).toBe('Senha atual incorreta.');
  expect(existsSync(file)).toBe(true);

  const changed = await change(password, 'tatu-bola-azul-92');
  expect(changed.statusCode).toBe(200);
  expect(existsSync(file)).toBe(false);
  expect((await call('GET', '/api/admin/dashboard', undefined, cookie)).statusCode).toBe(200);
  expect((await call('GET', '/api/admin/session', undefined, cookie)).json().mustChangePassword).toBe(false);
  expect((await call('POST', '/api/admin/login', { email: adminEmail, password })).statusCode).toBe(401);
  const again = await call('POST', '/api/admin/login', { email: adminEmail, password: 'tatu-bola-azul-92' });
  expect(again.statusCode).toBe(200);
});

describe('the file', () => {
  it('is never written through a link left at its path: the link is removed, its target untouched', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'impulso-first-link-'));
    const target = path.join(dir, 'alvo.txt');
    writeFileSync(target, 'intocado');
    const linked = path.join(dir, 'operator-password.txt');
    symlinkSync(target, linked);
    const other = await createTestApp({ ADMIN_EMAIL: 'outra@loja.example' });
    try {
      await firstStart(
        other.database.db,
        { adminEmail: 'outra@loja.example', embedded: true, passwordFile: linked },
        () => undefined,
      );
      expect(readFileSync(target, 'utf8')).toBe('intocado');
      expect(statSync(linked).mode & 0o777).toBe(0o600);
    } finally {
      await other.close();
    }
  });

  it('admin:create with a password the owner chose asks for no change', async () => {
    await setAdminPassword(app.database.db, adminEmail, 'lagarto-roxo-na-janela', new Date());
    const login = await call('POST', '/api/admin/login', {
      email: adminEmail,
      password: 'lagarto-roxo-na-janela',
    });
    const cookie = String(login.headers['set-cookie']).split(';')[0]!;
    expect((await call('GET', '/api/admin/dashboard', undefined, cookie)).statusCode).toBe(200);
  });
});
