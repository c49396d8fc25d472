import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { Database } from '../db/client';
import { appliedMigrationTimes } from './applied-migrations.repo';
import { fail, pass, type DoctorLine } from './doctor-line';

const name = 'Banco de dados';

/** Reachable, and every migration of drizzle/ applied (drizzle records each by its folder's time). */
export async function databaseCheck(database: Database, migrationsFolder: string): Promise<DoctorLine> {
  const kind = database.kind === 'postgres' ? 'PostgreSQL' : 'PGlite';
  try {
    await database.ping();
  } catch {
    return fail(name, `${kind} não responde: confira DATABASE_URL e se o banco está no ar.`);
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
