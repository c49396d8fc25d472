import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { smmPanelEnv, startFakeSmmPanel, type FakeSmmPanel } from '../fake-smm/fake-smm-panel';
import { placeOrder } from '../helpers/order-request';
import { renderPage, testShop } from '../helpers/render-page';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 26 §5: a shop may sell one product. A product with no SMM_SERVICE_* is not sold: its packages are
// unavailable (the checkout's unavailable-package text), and a plan needs the followers' service.

let panel: FakeSmmPanel;
let likesOnly: TestApp;
let followersOnly: TestApp;
beforeAll(async () => {
  panel = await startFakeSmmPanel();
  const { SMM_SERVICE_FOLLOWERS, SMM_SERVICE_LIKES, SMM_SERVICE_VIEWS: _views, ...base } = smmPanelEnv(panel);
  likesOnly = await createTestApp({ ...base, SMM_SERVICE_LIKES: SMM_SERVICE_LIKES! });
  followersOnly = await createTestApp({ ...base, SMM_SERVICE_FOLLOWERS: SMM_SERVICE_FOLLOWERS! });
});
afterAll(async () => {
  await likesOnly.close();
  await followersOnly.close();
  await panel.close();
});

describe('a shop selling only some products', () => {
  it('starts without the other SMM_SERVICE_* and switches their packages off', () => {
    expect(likesOnly.config.shop.unavailablePackages).toEqual(['followers-*', 'views-*']);
    expect(followersOnly.config.fulfilment.services).toEqual({ followers: '101' });
  });

  it('refuses a package of a product with no service; sells the others', async () => {
    const refused = await placeOrder(followersOnly, {
      item: { type: 'likes', amount: 500 },
      postLink: 'https://www.instagram.com/p/ABC123/',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('unknown_package');
    expect((await placeOrder(followersOnly, { item: { type: 'followers', amount: 1000 } })).statusCode).toBe(
      201,
    );
  });

  it('refuses an add-on of a product with no service, with the unavailable-package text', async () => {
    const refused = await placeOrder(followersOnly, {
      item: { type: 'followers', amount: 1000 },
      addOns: ['likes'],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('Produto indisponível no momento.');
  });

  it('does not offer that add-on at checkout; offers the others', async () => {
    const html = await renderPage('/checkout?type=followers&amount=1000', {
      shop: { ...testShop, unavailablePackages: ['likes-*'] },
    });
    expect(html).toContain('Aproveite e adicione');
    expect(html).not.toContain('id="addOn.likes"');
    expect(html).toContain('id="addOn.views"');
    const none = await renderPage('/checkout?type=followers&amount=1000', {
      shop: { ...testShop, unavailablePackages: ['likes-*', 'views-*'] },
    });
    expect(none).not.toContain('Aproveite e adicione');
  });

  it('refuses a plan when the followers have no service, with the unavailable-package text', async () => {
    const plan = await placeOrder(likesOnly, { item: { type: 'recurring', plan: 'simples' } });
    expect(plan.statusCode).toBe(400);
    expect(plan.json().message).toBe('Produto indisponível no momento.');
  });
});
