import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '../db/client';
import { appliedMigrationTimes } from './applied-migrations.repo';
import { duration, fail, pass, type DoctorLine } from './doctor-line';

const name = 'Banco de dados';

/** Reachable, and every migration of drizzle/ applied (drizzle records each by its folder's time). */
export async function databaseCheck(
  database: Database,
  migrationsFolder: string,
  timeoutMs: number,
): Promise<DoctorLine> {
  const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  // pg waits for an unreachable host as long as TCP does (minutes): the check gives up sooner.
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  try {
    if ((await Promise.race([database.ping(), timeout])) === 'timeout')
      return fail(
        name,
        `${kind} não respondeu em ${duration(timeoutMs)}: confira DATABASE_URL e se o banco está no ar.`,
      );
  } catch {
    return fail(name, `${kind} não responde: confira DATABASE_URL e se o banco está no ar.`);
  } finally {
    clearTimeout(timer);
  }
  const migrations = readMigrationFiles({ migrationsFolder });
  const applied = await appliedMigrationTimes(database.db);
  const last = Math.max(0, ...applied);
  const pending = migrations.filter((m) => m.folderMillis > last).length;
  if (pending > 0)
    return fail(
      name,
      `${kind} conectado, ${pending} de ${migrations.length} migrações pendentes: ` +
        '`npm start` as aplica ao iniciar (rode `npm run build` antes, se atualizou o código).',
    );
  return pass(name, `${kind} conectado, ${migrations.length} migrações aplicadas`);
}
