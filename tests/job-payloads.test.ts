import { afterAll, beforeAll, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { jobs } from '#server/db/schema/index.ts';
import { enqueue } from '#server/jobs/job-queue.ts';
import { jobsRepo, maxJobAttempts } from '#server/jobs/jobs.repo.ts';
import { createTestApp, type TestApp } from './helpers/test-app';

// Issue 30 §1: every job kind has one payload schema, checked when the job is queued and when it runs.
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ OWNER_ALERT_EMAIL: 'dona@loja.example' });
});
afterAll(() => app.close());

const jobOf = async (id: string) => (await app.database.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;
const inserted = async (kind: string, payload: Record<string, unknown>) => {
  await jobsRepo.insert(app.database.db, kind, payload, new Date(0));
  const [row] = await app.database.db
    .select()
    .from(jobs)
    .where(sql`${jobs.kind} = ${kind} and ${jobs.doneAt} is null`);
  return row!.id;
};

it('a payload its kind refuses is never queued', async () => {
  await expect(enqueue(app.database.db, 'submit_delivery', { deliveryId: 'nao-e-um-id' })).rejects.toThrow(
    /^bad payload for job kind submit_delivery: deliveryId: /,
  );
  const queued = await app.database.db.select().from(jobs).where(eq(jobs.kind, 'submit_delivery'));
  expect(queued).toEqual([]);
});

it('a claimed job whose payload its kind refuses is dead at once, with the reason, and the owner is told', async () => {
  const id = await inserted('payment_flag_alert', { orderId: crypto.randomUUID(), flag: 'pago_na_lua' });
  await app.jobs.runOnce();
  const job = await jobOf(id);
  expect(job.doneAt).toBeNull();
  expect(job.attempts).toBe(maxJobAttempts);
  expect(job.lastError).toMatch(/^Error: bad payload for job kind payment_flag_alert: flag: /);
  expect((await jobsRepo.listDead(app.database.db)).map((dead) => dead.id)).toContain(id);
  const alerts = await app.database.db.select().from(jobs).where(eq(jobs.kind, 'owner_alert_email'));
  expect(alerts.some((alert) => String(alert.payload.text).includes(id))).toBe(true);
});

it('a job of a kind no handler knows fails with its name and is tried again later', async () => {
  const id = await inserted('no_such_kind', { anything: 1 });
  await app.jobs.runOnce();
  const job = await jobOf(id);
  expect(job).toMatchObject({
    doneAt: null,
    attempts: 1,
    lastError: 'Error: no handler for job kind no_such_kind',
  });
  expect(job.runAt.getTime()).toBeGreaterThan(Date.now());
});

it('a well-formed payload runs its handler, fields it does not know left out', async () => {
  // A well-formed payload runs: an unknown order's alert is simply nothing to do.
  const id = await inserted('chargeback_alert', { orderId: crypto.randomUUID(), extra: 'ignored' });
  await app.jobs.runOnce();
  expect(await jobOf(id)).toMatchObject({ attempts: 1, lastError: null });
  expect((await jobOf(id)).doneAt).not.toBeNull();
});
