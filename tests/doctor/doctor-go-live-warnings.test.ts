import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DoctorReport } from '#shared/schemas/doctor.ts';
import { verdict } from '#shared/doctor-verdict.ts';
import { operatorCookie } from '../helpers/accounts';
import { createTestApp, type TestApp } from '../helpers/test-app';
import { startDoctorServices, type DoctorServices } from './doctor-services';

// Issue 46 §4, ADR 055: before production refuses them, "Verificar configuração" says each go-live blocker
// as ⚠ — the sample identity, address, WhatsApp and ADMIN_EMAIL, numbers shown by a shop never paid — and
// "Tudo certo." only once none is left.

const ownIdentity = {
  SHOP_LEGAL_NAME: 'Loja da Dona LTDA',
  SHOP_CNPJ: '11.222.333/0001-81',
  SHOP_ADDRESS: 'Rua das Flores, 10 – Centro, Campinas – SP, 13010-000',
  SHOP_WHATSAPP: '5519988887777',
  SHOP_SUPPORT_EMAIL: 'suporte@loja.example',
  MAIL_FROM: 'Loja da Dona <nao-responda@loja.example>',
  ADMIN_EMAIL: 'dona@loja.example',
};
const shownClaims = {
  shown: true,
  profiles: { value: '1.200', label: 'perfis atendidos' },
  interactions: { value: '80 mil', label: 'curtidas entregues' },
  aboutProfiles: 'mais de mil perfis',
};

let services: DoctorServices;
beforeAll(async () => {
  services = await startDoctorServices();
});
afterAll(() => services?.close());

/** The shop's services right, with test payments (a live Asaas key outside production is a ⚠ of its own). */
const shopEnv = (identity: Record<string, string>) => {
  const {
    PAYMENT_PROVIDER: _p,
    ASAAS_API_URL: _u,
    ASAAS_API_KEY: _k,
    ASAAS_WEBHOOK_TOKEN: _t,
    ...rest
  } = services.env;
  return { ...rest, ...identity };
};

async function doctorOf(app: TestApp, cookie: string): Promise<DoctorReport> {
  const response = await app.server.inject({ method: 'POST', url: '/api/admin/doctor', headers: { cookie } });
  expect(response.statusCode).toBe(200);
  return response.json<DoctorReport>();
}
/** The go-live warnings (the services' own, such as NFS-e off or http without TLS, are theirs to test). */
const warnings = (report: DoctorReport) =>
  report.lines
    .filter((line) => line.warning && ['Colocar no ar', 'Números da loja'].includes(line.name))
    .map((line) => `${line.name}: ${line.message}`);

describe('go-live blockers in development', () => {
  it('the sample identity: a ⚠ per variable, and no "Tudo certo."', async () => {
    const app = await createTestApp(shopEnv({ ADMIN_EMAIL: 'admin@impulso.example' }));
    try {
      const report = await doctorOf(app, await operatorCookie(app, 'admin@impulso.example'));
      expect(report.ok).toBe(true);
      // The identity, the address, the WhatsApp number, the operator's address… one line each.
      const lines = warnings(report);
      expect(lines).toHaveLength(7);
      expect(lines).toContain(
        'Colocar no ar: SHOP_CNPJ ainda é o exemplo (00.000.000/0001-00): informe o da loja. Em produção a loja não inicia assim.',
      );
      for (const key of ['SHOP_LEGAL_NAME', 'SHOP_ADDRESS', 'SHOP_WHATSAPP', 'ADMIN_EMAIL'])
        expect(lines.some((line) => line.startsWith(`Colocar no ar: ${key} ainda é o exemplo (`))).toBe(true);
      expect(verdict(report.lines)).toMatch(/^Funciona, com \d+ aviso\(s\) a conferir/);
    } finally {
      await app.close();
    }
  });

  it("numbers shown by a shop never paid are a ⚠; none with the shop's own identity and them hidden", async () => {
    const app = await createTestApp(shopEnv(ownIdentity));
    try {
      const cookie = await operatorCookie(app, ownIdentity.ADMIN_EMAIL);
      const clean = await doctorOf(app, cookie);
      expect(warnings(clean)).toEqual([]);
      expect(clean.lines).toContainEqual({
        name: 'Números da loja',
        ok: true,
        message: 'ocultos: a loja não afirma números que não tem',
      });
      // What remains are the test services' own warnings (http without TLS, NFS-e off…).
      expect(verdict(clean.lines.filter((line) => !line.warning))).toBe('Tudo certo.');

      const saved = await app.server.inject({
        method: 'PATCH',
        url: '/api/admin/shop-claims',
        headers: { cookie },
        payload: shownClaims,
      });
      expect(saved.statusCode).toBe(200);
      const shown = await doctorOf(app, cookie);
      expect(warnings(shown)).toEqual([
        'Números da loja: a loja exibe “1.200 perfis atendidos” e “80 mil curtidas entregues” sem nenhum pedido pago: confira se são números reais ou oculte-os no painel (Números da loja).',
      ]);
      expect(verdict(shown.lines)).not.toContain('Tudo certo');
    } finally {
      await app.close();
    }
  });
});
