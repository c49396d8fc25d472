import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setAdminPassword } from '#server/admin/admin-account.ts';
import { lastEmailTo, signupBody, tokenIn } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 24 §7: the operator's password was accepted as ten spaces or 'senha12345' (length was the only
// rule). Now blank and common passwords are refused on every path that sets it (zxcvbn score < 3, ADR 027).
const adminEmail = 'dona@loja.example';
const tenSpaces = ' '.repeat(10);
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ ADMIN_EMAIL: adminEmail });
});
afterAll(() => app.close());

const post = (url: string, payload: object) => app.server.inject({ method: 'POST', url, payload });

describe('admin:create', () => {
  it('refuses ten spaces and senha12345 with the pt-BR reason, and takes a passphrase', async () => {
    await expect(setAdminPassword(app.database.db, adminEmail, tenSpaces, new Date())).rejects.toThrow(
      'A senha não pode ficar em branco nem ter só espaços',
    );
    for (const common of ['senha12345', 'impulso2024', 'qwertyuiop', '1234567890', 'dona@loja.example']) {
      await expect(setAdminPassword(app.database.db, adminEmail, common, new Date()), common).rejects.toThrow(
        /^Senha fácil de adivinhar/,
      );
    }
    await setAdminPassword(app.database.db, adminEmail, 'tatu-bola-azul-92', new Date());
  });

  it('the command itself exits 2 with the reason and writes nothing', () => {
    const root = path.resolve(import.meta.dirname, '../..');
    const dataDir = mkdtempSync(path.join(tmpdir(), 'impulso-weak-'));
    // '--password=…' keeps the spaces (parseArgs takes the value whole).
    const attempt = (password: string) => {
      try {
        execFileSync(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(root, 'src/server/admin/admin-create.ts'),
            '--email',
            adminEmail,
            `--password=${password}`,
          ],
          {
            env: { ...process.env, DATA_DIR: dataDir, ADMIN_EMAIL: adminEmail, DATABASE_URL: '' },
            encoding: 'utf8',
            stdio: 'pipe',
          },
        );
        return { status: 0, stderr: '' };
      } catch (error) {
        const failed = error as { status: number; stderr: string };
        return { status: failed.status, stderr: failed.stderr };
      }
    };
    const spaces = attempt(tenSpaces);
    expect(spaces.status).toBe(2);
    expect(spaces.stderr).toContain('em branco');
    const common = attempt('senha12345');
    expect(common.status).toBe(2);
    expect(common.stderr).toContain('Senha fácil de adivinhar');
  }, 60_000);
});

describe('password reset of the operator', () => {
  it('refuses ten spaces and senha12345; the link survives for a strong one', async () => {
    await setAdminPassword(app.database.db, adminEmail, 'tatu-bola-azul-92', new Date());
    await post('/api/auth/password-reset', { email: adminEmail });
    const token = tokenIn(
      (await lastEmailTo(app, adminEmail, 'Redefinição de senha'))!.text,
      '/redefinir-senha',
    );
    const spaces = await post('/api/auth/password-reset/confirm', {
      token,
      password: tenSpaces,
      confirmPassword: tenSpaces,
    });
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().message).toBe('A senha não pode ficar em branco nem ter só espaços');
    const common = await post('/api/auth/password-reset/confirm', {
      token,
      password: 'senha12345',
      confirmPassword: 'senha12345',
    });
    expect(common.statusCode).toBe(400);
    expect(common.json()).toMatchObject({ code: 'operator_password_weak', field: 'password' });
    const strong = await post('/api/auth/password-reset/confirm', {
      token,
      password: 'lagarto-roxo-na-janela',
      confirmPassword: 'lagarto-roxo-na-janela',
    });
    expect(strong.statusCode).toBe(200);
  });
});

describe('customers', () => {
  it('a password of only spaces is refused at signup and reset; 8 characters are still enough', async () => {
    const spaces = await post('/api/auth/signup', signupBody('espacos@exemplo.com', tenSpaces));
    expect(spaces.statusCode).toBe(400);
    expect(spaces.json().message).toBe('A senha não pode ficar em branco nem ter só espaços');
    expect((await post('/api/auth/signup', signupBody('oito@exemplo.com', 'abcd1234'))).statusCode).toBe(201);
    const reset = await post('/api/auth/password-reset/confirm', {
      token: 'x'.repeat(40),
      password: tenSpaces,
      confirmPassword: tenSpaces,
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe('A senha não pode ficar em branco nem ter só espaços');
  });
});
