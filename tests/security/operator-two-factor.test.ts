import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEmails } from '#server/db/schema/index.ts';
import { setAdminPassword } from '#server/admin/admin-account.ts';
import { base32Decode, hotp, totpStep } from '#server/admin/totp.ts';
import { codeAt, signInTwoSteps } from '../helpers/accounts';
import { sessionCookieOf } from '../helpers/cookies';
import { productionDemoEnv } from '../helpers/production-env';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 24 §5: the operator's second factor (TOTP, RFC 6238, and one-time recovery codes), set up from the
// panel, required with NODE_ENV=production; the password alone opens nothing once it is on; codes cannot
// be replayed or brute-forced (ADR 027). On the code before this there was no second factor at all.
const adminEmail = 'dona@loja.example';
const password = 'tatu-bola-azul-92';
let now = Date.parse('2026-11-20T15:00:00Z');
const clock = () => new Date(now);
const later = (seconds = 30) => void (now += seconds * 1000);
let app: TestApp;
let secret: string;
let recoveryCodes: string[];

beforeAll(async () => {
  app = await createTestApp(
    { ADMIN_EMAIL: adminEmail, OWNER_ALERT_EMAIL: 'alertas@loja.example' },
    { clock },
  );
  await setAdminPassword(app.database.db, adminEmail, password, clock());
});
afterAll(() => app.close());

const get = (url: string, cookie?: string) =>
  app.server.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
const post = (url: string, payload: object, cookie?: string) =>
  app.server.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
const signIn = (code: string, pass = password, remoteAddress?: string) =>
  signInTwoSteps(app, {
    email: adminEmail,
    password: pass,
    code,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('setup from the panel', () => {
  it('shows a QR code and the secret, turns on only with a current code, then shows 10 recovery codes once', async () => {
    const cookie = sessionCookieOf(await post('/api/admin/login', { email: adminEmail, password }));
    const other = sessionCookieOf(await post('/api/admin/login', { email: adminEmail, password }));
    expect((await get('/api/admin/session', cookie)).json().twoFactor).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const setup = await post('/api/admin/2fa/setup', {}, cookie);
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const shown = setup.json();
    expect(shown.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(shown.uri).toBe(
      `otpauth://totp/Impulso%3Adona%40loja.example?secret=${shown.secret}&issuer=Impulso&algorithm=SHA1&digits=6&period=30`,
    );
    expect(shown.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    // Pending until confirmed: the sign-in still takes the password alone.
    expect((await post('/api/admin/login', { email: adminEmail, password })).json().email).toBe(adminEmail);

    const wrong = await post('/api/admin/2fa/confirm', { code: '000000' }, cookie);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe(
      'Código incorreto ou já usado. Confira o horário do celular e digite o código atual.',
    );
    const confirmed = await post('/api/admin/2fa/confirm', { code: codeAt(shown.secret, clock()) }, cookie);
    expect(confirmed.statusCode).toBe(200);
    recoveryCodes = confirmed.json().recoveryCodes;
    secret = shown.secret;
    expect(recoveryCodes).toHaveLength(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{4}(-[a-z2-7]{4}){3}$/);
    expect(new Set(recoveryCodes).size).toBe(10);

    // This session goes on; the ones opened with the password alone end.
    expect((await get('/api/admin/dashboard', cookie)).statusCode).toBe(200);
    expect((await get('/api/admin/dashboard', other)).statusCode).toBe(401);
    expect((await get('/api/admin/session', cookie)).json().twoFactor).toEqual({
      enabled: true,
      required: false,
      recoveryCodesLeft: 10,
    });
  });

  it('replacing the app of a running second factor asks for the password', async () => {
    later();
    const { codeStep } = await signIn(codeAt(secret, clock()));
    const cookie = sessionCookieOf(codeStep!);
    const bare = await post('/api/admin/2fa/setup', {}, cookie);
    expect(bare.statusCode).toBe(400);
    expect(bare.json().message).toBe('Digite a sua senha para trocar o aplicativo autenticador.');
    expect((await post('/api/admin/2fa/setup', { password: 'errada-123' }, cookie)).json().message).toBe(
      'Senha atual incorreta.',
    );
    // Started but not confirmed: the running secret stays.
    expect((await post('/api/admin/2fa/setup', { password }, cookie)).statusCode).toBe(200);
    later();
    expect((await signIn(codeAt(secret, clock()))).codeStep!.statusCode).toBe(200);
  });
});

describe('sign-in with the second factor on', () => {
  it('the password step alone opens no admin route, right or wrong, and says nothing about the password', async () => {
    const right = await post('/api/admin/login', { email: adminEmail, password });
    const wrong = await post('/api/admin/login', { email: adminEmail, password: 'errada-123' });
    for (const answer of [right, wrong]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
      expect(answer.json()).toEqual({
        step: 'code',
        token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        message: 'Digite o código de 6 dígitos do aplicativo autenticador ou um código de recuperação.',
      });
    }
    // The pending token is no session, under any cookie name.
    const token = right.json().token as string;
    const routes: ['GET' | 'POST', string][] = [
      ['GET', '/api/admin/session'],
      ['GET', '/api/admin/dashboard'],
      ['GET', '/api/admin/orders'],
      ['GET', '/api/admin/orders.csv'],
      ['GET', '/api/admin/jobs/dead'],
      ['POST', '/api/admin/password'],
      ['POST', '/api/admin/2fa/setup'],
    ];
    for (const [method, url] of routes) {
      for (const cookie of [`impulso_session=${token}`, `__Host-impulso_session=${token}`, undefined]) {
        const res = await app.server.inject({
          method,
          url,
          headers: cookie ? { cookie } : {},
          payload: method === 'GET' ? undefined : {},
        });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
      }
    }
  });

  it('password + current code opens the panel; the same code again is refused (replay)', async () => {
    later();
    const code = codeAt(secret, clock());
    const first = await signIn(code);
    expect(first.codeStep!.statusCode).toBe(200);
    expect((await get('/api/admin/dashboard', sessionCookieOf(first.codeStep!))).statusCode).toBe(200);
    const replay = await signIn(code);
    expect(replay.codeStep!.statusCode).toBe(401);
    expect(replay.codeStep!.headers['set-cookie']).toBeUndefined();
    expect(replay.codeStep!.json().message).toBe(
      '❌ Senha ou código incorretos. Tentativa 1/3 com esta senha.',
    );
    // An older code (the step before) is refused too; the next step's is taken.
    const key = base32Decode(secret);
    const step = totpStep(clock());
    expect((await signIn(hotp(key, step - 1))).codeStep!.statusCode).toBe(401);
    expect((await signIn(hotp(key, step + 1))).codeStep!.statusCode).toBe(200);
  });

  it('a recovery code signs in once, typed in any case with or without dashes; then it is spent', async () => {
    const code = recoveryCodes[0]!;
    const first = await signIn(` ${code.toUpperCase().replace(/-/g, ' ')} `);
    expect(first.codeStep!.statusCode).toBe(200);
    expect(first.codeStep!.json()).toMatchObject({ usedRecoveryCode: true, recoveryCodesLeft: 9 });
    const again = await signIn(code);
    expect(again.codeStep!.statusCode).toBe(401);
    expect((await signIn(recoveryCodes[1]!)).codeStep!.json().recoveryCodesLeft).toBe(8);
  });

  it('a recovery code or a TOTP code with a wrong password opens nothing, and spends nothing', async () => {
    later();
    const wrongPassword = await signIn(recoveryCodes[2]!, 'errada-123');
    expect(wrongPassword.codeStep!.statusCode).toBe(401);
    expect(wrongPassword.codeStep!.json().message).toBe(
      '❌ Senha ou código incorretos. Tentativa 1/3 com esta senha.',
    );
    expect((await signIn(codeAt(secret, clock()), 'errada-123')).codeStep!.statusCode).toBe(401);
    expect((await signIn(recoveryCodes[2]!)).codeStep!.statusCode).toBe(200);
  });
});

describe('brute force of the 6 digits', () => {
  it('3 codes per password step, then the token is spent', async () => {
    const { token } = await signIn('000000');
    const codes = ['111111', '222222', '333333'];
    const answers = [];
    for (const code of codes) answers.push(await post('/api/admin/login/code', { token, code }));
    // The first went with signIn: these are the 2nd, the 3rd (sends back to the password) and a spent token.
    expect(answers[0]!.json().message).toBe('❌ Senha ou código incorretos. Tentativa 2/3 com esta senha.');
    expect(answers[1]!.json().message).toBe('❌ Senha ou código incorretos. Entre com a senha de novo.');
    expect(answers[2]!.statusCode).toBe(401);
    expect(answers[2]!.json().message).toBe(
      'O tempo para digitar o código acabou. Entre com a senha de novo.',
    );
    later(10);
    const right = await post('/api/admin/login/code', { token, code: codeAt(secret, clock()) });
    expect(right.statusCode).toBe(401);
  });

  it('a token lives 5 minutes', async () => {
    const { token } = await signInTwoSteps(app, { email: adminEmail, password, code: 'x' });
    later(301);
    const late = await post('/api/admin/login/code', { token: token!, code: codeAt(secret, clock()) });
    expect(late.json().code).toBe('admin_code_expired');
  });

  it('10 wrong codes with the right password lock the code step 15 minutes for everyone and alert the owner', async () => {
    // The wrong codes of the tests before have locked it already: that lock runs out first.
    later(15 * 60);
    // A right code clears the count of the tests before.
    expect((await signIn(codeAt(secret, clock()))).codeStep!.statusCode).toBe(200);
    const statuses: number[] = [];
    // Someone with the password, from addresses of their own (each address has 5 codes).
    for (let i = 0; i < 10; i++) {
      statuses.push((await signIn(String(100000 + i), password, `203.0.113.${i + 1}`)).codeStep!.statusCode);
    }
    expect(statuses).toEqual(Array(10).fill(401));
    later(30);
    const blocked = await signIn(codeAt(secret, clock()), password, '192.0.2.50');
    expect(blocked.codeStep!.statusCode).toBe(429);
    expect(blocked.codeStep!.json().message).toMatch(
      /^❌ Muitos códigos errados nesta conta\. Tente novamente em \d+ segundos\.$/,
    );
    // Everyone sees the lock, right password or not: the answer tells nothing about the password.
    expect((await signIn('123456', 'errada-123', '192.0.2.51')).codeStep!.statusCode).toBe(429);
    await app.jobs.drain();
    const alerts = await app.database.db
      .select()
      .from(outboxEmails)
      .where(eq(outboxEmails.to, 'alertas@loja.example'));
    expect(alerts.map((a) => a.subject)).toContain('[Impulso] Painel: senha certa, códigos errados');

    later(15 * 60);
    expect((await signIn(codeAt(secret, clock()), password, '192.0.2.52')).codeStep!.statusCode).toBe(200);
  });

  it('wrong codes after wrong passwords never lock the owner out', async () => {
    later(60);
    for (let i = 0; i < 12; i++) {
      const guess = await signIn(String(200000 + i), `errada-${i}`, `198.51.100.${i + 1}`);
      expect(guess.codeStep!.statusCode).toBe(401);
    }
    expect((await signIn(codeAt(secret, clock()), password, '192.0.2.9')).codeStep!.statusCode).toBe(200);
  });
});

// Issue 42 §3: neither step may tell the operator's address or password apart from any other.
describe('what the sign-in tells a stranger', () => {
  it('the first step answers "now the code" for every address and password', async () => {
    later(15 * 60);
    const answers = [];
    for (const [email, pass, ip] of [
      [adminEmail, password, '198.18.5.1'],
      [adminEmail, 'errada-123', '198.18.5.2'],
      ['outra.pessoa@exemplo.com', 'qualquer-1', '198.18.5.3'],
      ['cliente@exemplo.com', password, '198.18.5.4'],
    ] as const) {
      const res = await app.server.inject({
        method: 'POST',
        url: '/api/admin/login',
        remoteAddress: ip,
        payload: { email, password: pass },
      });
      answers.push([res.statusCode, Object.keys(res.json()).sort(), res.json().message]);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]![0]).toBe(200);
  });

  it('the code step answers alike with the right password and a wrong one, up to the 429', async () => {
    later(15 * 60);
    // Two password steps of 3 codes each, from one address.
    const run = async (pass: string, ip: string) => {
      const seen = [];
      for (let step = 0; step < 2; step++) {
        const { token } = await signIn(String(300000 + step), pass, ip);
        seen.push(token ? 'code step' : 'no code step');
        for (let i = 1; i < 3; i++) {
          const res = await app.server.inject({
            method: 'POST',
            url: '/api/admin/login/code',
            remoteAddress: ip,
            payload: { token, code: String(310000 + step * 10 + i) },
          });
          seen.push([res.statusCode, res.json().code]);
        }
      }
      return seen;
    };
    const right = await run(password, '198.18.6.1');
    const wrong = await run('errada-123', '198.18.6.2');
    expect(right).toEqual(wrong);
    expect(right.at(-1)).toEqual([429, 'admin_code_blocked']);
    // The owner, from an address of their own, still gets in.
    expect((await signIn(codeAt(secret, clock()), password, '198.18.6.3')).codeStep!.statusCode).toBe(200);
  });
});

describe('NODE_ENV=production requires the second factor', () => {
  it('a session without one can only set it up (and change the password); after setup the panel opens', async () => {
    const prod = await createTestApp(
      { ...productionDemoEnv, ADMIN_EMAIL: adminEmail },
      { database: app.database, clock },
    );
    try {
      await setAdminPassword(prod.database.db, adminEmail, password, clock());
      const login = await prod.server.inject({
        method: 'POST',
        url: '/api/admin/login',
        payload: { email: adminEmail, password },
      });
      expect(login.statusCode).toBe(200);
      const cookie = sessionCookieOf(login);
      expect(cookie).toMatch(/^__Host-impulso_session=/);
      const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
        prod.server.inject({ method, url, payload, headers: { cookie } });
      for (const url of ['/api/admin/dashboard', '/api/admin/orders', '/api/admin/orders.csv']) {
        const res = await call('GET', url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json()).toMatchObject({
          code: 'admin_two_factor_required',
          message: 'Ative a verificação em duas etapas antes de usar o painel.',
        });
      }
      expect((await call('GET', '/api/admin/session')).json().twoFactor).toMatchObject({
        enabled: false,
        required: true,
      });
      const setup = await call('POST', '/api/admin/2fa/setup', {});
      expect(setup.statusCode).toBe(200);
      const confirm = await call('POST', '/api/admin/2fa/confirm', {
        code: codeAt(setup.json().secret, clock()),
      });
      expect(confirm.statusCode).toBe(200);
      expect((await call('GET', '/api/admin/dashboard')).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});
