import { pathToFileURL } from 'node:url';
import { seedMigratedDataDir } from '../tests/helpers/database-template';

// `node --import tsx e2e/migrated-data-dir.ts DIR`: the shared e2e server's data directory holds the tests'
// migrated database before it starts (tests/helpers/database-template.ts). The journeys about a first start
// on an empty directory (e2e/admin-two-factor.spec.ts) do not use it.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: migrated-data-dir.ts DATA_DIR');
  await seedMigratedDataDir(dataDir);
}
