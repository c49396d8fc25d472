import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
const migrationsFolder = path.resolve('drizzle');
async function t<T>(label: string, f: () => Promise<T>): Promise<T> { const s = performance.now(); const r = await f(); console.log(label, (performance.now()-s).toFixed(0), 'ms'); return r; }
const fresh = await t('fresh+migrate', async () => { const c = new PGlite(); await c.waitReady; await migrate(drizzle(c), { migrationsFolder }); return c; });
await t('checkpoint', () => fresh.exec('checkpoint'));
const blob = await t('dump', () => fresh.dumpDataDir('none'));
await t('close fresh', () => fresh.close());
for (let i = 0; i < 2; i++) {
  const c = await t('load', async () => { const c = new PGlite({ loadDataDir: blob }); await c.waitReady; return c; });
  await t('query', () => c.query('select count(*) from orders'));
  await t('close loaded', () => c.close());
}
