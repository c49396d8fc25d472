import { describe, expect, it } from 'vitest';
import { renderPage } from '#tests/helpers/render-page.ts';
import { defaultShopClaims } from '#shared/shop-claims.ts';

// ADR 031: the landing, /sobre and /disclaimer say the numbers the owner set, today's by default, and
// none at all once hidden.

const owners = {
  ...defaultShopClaims,
  version: 3,
  profiles: { value: '1.200', label: 'clientes atendidos' },
  interactions: { value: '80 mil', label: 'curtidas entregues' },
  aboutProfiles: 'mais de mil perfis',
};

describe("the shop's numbers", () => {
  it("today's texts by default", async () => {
    expect(await renderPage('/')).toMatch(/50K\+.*perfis atendidos.*200K\+.*interações entregues/s);
    expect(await renderPage('/sobre')).toContain('Desde o início já atendemos mais de 50 mil perfis,');
    expect(await renderPage('/disclaimer')).toContain('Números como “50K+ perfis atendidos”');
  });

  it("the owner's, where the defaults were", async () => {
    const landing = await renderPage('/', { claims: owners });
    expect(landing).toMatch(/1\.200.*clientes atendidos.*80 mil.*curtidas entregues/s);
    expect(landing).not.toContain('50K+');
    expect(await renderPage('/sobre', { claims: owners })).toContain(
      'Desde o início já atendemos mais de mil perfis,',
    );
    expect(await renderPage('/disclaimer', { claims: owners })).toContain('“1.200 clientes atendidos”');
  });

  it('none once hidden, nor the note that sums them', async () => {
    const hidden = { ...owners, shown: false };
    const landing = await renderPage('/', { claims: hidden });
    expect(landing).not.toMatch(/clientes atendidos|curtidas entregues|Os números acima/);
    expect(landing).toContain('seguro: sem pedir senha');
    expect(await renderPage('/sobre', { claims: hidden })).not.toMatch(/atendemos/);
    expect(await renderPage('/disclaimer', { claims: hidden })).not.toMatch(/Números como/);
  });
});
