import type { FakeAsaas, FakeEvent } from '../fake-asaas/fake-asaas-server';
import type { TestApp } from './test-app';

/**
 * Sends the webhooks the fake Asaas has queued since the last delivery to the app, in order, as Asaas
 * would (optionally only those `which` picks); returns what was sent.
 */
export async function deliverAsaasEvents(
  app: TestApp,
  fake: FakeAsaas,
  token: string,
  which: (event: FakeEvent) => boolean = () => true,
): Promise<FakeEvent[]> {
  const due = fake.events.splice(0).filter(which);
  for (const event of due) {
    const res = await app.server.inject({
      method: 'POST',
      url: '/api/webhooks/asaas',
      headers: { 'asaas-access-token': token },
      payload: event,
    });
    if (res.statusCode !== 200) throw new Error(`webhook ${event.event} answered ${res.statusCode}`);
  }
  await app.jobs.drain();
  return due;
}
