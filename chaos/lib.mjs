// What the chaos proofs share: a fresh database of either kind, read directly after the server stopped,
// and the order every client sends.
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { benchOrder, freshPostgres } from '../bench/lib.mjs';

export const adminUrl = process.env.CHAOS_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** The abuse limits count every order from one address; the proofs are about crashes, not limits. */
export const relaxedLimits = { ORDERS_LIMIT_PER_IP: '10000000', UNPAID_ORDERS_LIMIT_PER_EMAIL: '10000000' };

/**
 * A fresh database: `env` starts the app on it, `query` reads it (PGlite only while no server holds its
 * directory), `drop` removes it.
 */
export async function freshDatabase(kind) {
  if (kind === 'pglite') {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'impulso-chaos-'));
    return {
      label: 'PGlite',
      env: { DATA_DIR: dataDir },
      async query(text, params = []) {
        const db = await PGlite.create(path.join(dataDir, 'pglite'));
        try {
          return (await db.query(text, params)).rows;
        } finally {
          await db.close();
        }
      },
      async drop() {},
    };
  }
  const { url, drop } = await freshPostgres(adminUrl, 'impulso_chaos');
  return {
    label: 'PostgreSQL',
    env: { DATABASE_URL: url },
    async query(text, params = []) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        return (await client.query(text, params)).rows;
      } finally {
        await client.end();
      }
    },
    drop,
  };
}

let buyer = 0;
/** A PIX order of a new buyer, as the checkout sends it. */
export const orderBody = () => benchOrder(`chaos-${(buyer += 1)}@exemplo.com`);

/**
 * POST /api/orders (a new buyer's PIX order unless `body` is given; a retry passes the same `key`): the
 * order when the server acknowledged it (2xx with an id), else the status and the error it answered.
 */
export async function placeOrder(base, { body = orderBody(), key = randomUUID() } = {}) {
  try {
    const res = await fetch(`${base}/api/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': key },
      body: JSON.stringify(body),
    });
    const answer = await res.json().catch(() => null);
    if (res.status < 200 || res.status >= 300) return { status: res.status, key, error: answer };
    return answer?.order?.id
      ? { status: res.status, key, order: answer.order, payment: answer.payment }
      : { status: res.status };
  } catch {
    return { status: 0 }; // the connection died with the server: not acknowledged
  }
}

/** The webhook Asaas sends when `payment` was paid (PAYMENT_RECEIVED) or confirmed; `copy` tells redeliveries apart. */
export const asaasEvent = (name, payment, copy = 0) => ({
  id: `evt_${payment.id}_${name}`,
  event: name,
  dateCreated: new Date().toISOString().replace('T', ' ').slice(0, 19),
  payment: { ...payment, status: name === 'PAYMENT_RECEIVED' ? 'RECEIVED' : 'CONFIRMED', copy },
});
