import { describe, expect, it } from 'vitest';
import { renderPage } from '#tests/helpers/render-page.ts';
import { defaultShopClaims } from '#shared/shop-claims.ts';

// ADR 031, ADR 055: the landing, /sobre and /disclaimer say the numbers the owner set and showed, none
// by default (a new shop has none) or once hidden.

const owners = {
  ...defaultShopClaims,
  version: 3,
  shown: true,
  profiles: { value: '1.200', label: 'clientes atendidos' },
  interactions: { value: '80 mil', label: 'curtidas entregues' },
  aboutProfiles: 'mais de mil perfis',
};

describe("the shop's numbers", () => {
  it('none by default', async () => {
    const landing = await renderPage('/');
    expect(landing).not.toMatch(/perfis atendidos|interações entregues|Os números acima/);
    expect(landing).toContain('seguro: sem pedir senha');
    expect(await renderPage('/sobre')).not.toMatch(/atendemos/);
    expect(await renderPage('/disclaimer')).not.toMatch(/Números como/);
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
