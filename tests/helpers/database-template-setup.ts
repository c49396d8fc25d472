import { pgliteTemplate, postgresTemplate } from './database-template';

/** vitest globalSetup: builds the one migrated database before the test files start copying it. */
export async function setup(): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) await postgresTemplate(adminUrl);
  else await pgliteTemplate();
}
