import { afterAll, beforeAll } from 'vitest';
import { catalogueRepo } from '#server/catalogue/catalogue.repo.ts';
import { catalogueWritesRepo } from '#server/catalogue/catalogue-writes.repo.ts';
import { planComponentIds } from '#shared/plan-components.ts';
import { smmPanelEnv, startFakeSmmPanel, type FakeSmmPanel } from '../fake-smm/fake-smm-panel';
import { startAsaasTestApp, type AsaasTestApp } from '../helpers/asaas-test-app';

// The shop a plan test runs against (issue 26): the app on Asaas with a fake SMM panel that can pay for
// everything, and each engagement component of Simples delivered by its subscription service at that panel.

/** The fake panel's subscription service of each component. */
const subscriptionServices = { likes_per_post: '104', story_views: '105', video_views: '106' } as const;

export interface PlanFixture {
  panel: FakeSmmPanel;
  asaas: AsaasTestApp;
  /** An Asaas webhook for a charge of the plan: PENDING is its creation, RECEIVED its payment. */
  charge(
    subscription: string,
    payment: string,
    status: 'PENDING' | 'RECEIVED',
  ): ReturnType<AsaasTestApp['app']['server']['inject']>;
}

/**
 * Starts the shop before the file's tests and closes it after them; the fields are set once `beforeAll`
 * has run.
 */
export function usePlanFixture(
  webhookToken: string,
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): PlanFixture {
  const fixture = {
    charge: (subscription, payment, status) =>
      fixture.asaas.app.server.inject({
        method: 'POST',
        url: '/api/webhooks/asaas',
        headers: { 'asaas-access-token': webhookToken },
        payload: {
          id: `evt_${payment}_${status}`,
          event: status === 'PENDING' ? 'PAYMENT_CREATED' : 'PAYMENT_RECEIVED',
          payment: { id: payment, status, subscription, billingType: 'CREDIT_CARD', value: 197 },
        },
      }),
  } as PlanFixture;
  beforeAll(async () => {
    fixture.panel = await startFakeSmmPanel();
    fixture.panel.balance = 1_000_000;
    fixture.asaas = await startAsaasTestApp(webhookToken, { ...smmPanelEnv(fixture.panel), ...env }, options);
    const db = fixture.asaas.app.database.db;
    for (const component of planComponentIds) {
      const { quantity, delayMinutes } = (await catalogueRepo.findPlanComponent(db, 'simples', component))!;
      await catalogueWritesRepo.savePlanComponent(
        db,
        'simples',
        component,
        { quantity, panelServiceId: subscriptionServices[component], delayMinutes },
        options.clock?.() ?? new Date(),
      );
    }
  });
  afterAll(async () => {
    await fixture.asaas?.close();
    await fixture.panel?.close();
  });
  return fixture;
}
