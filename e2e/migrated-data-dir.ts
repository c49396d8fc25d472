import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { pgliteTemplateFile } from '../tests/helpers/database-template';

/**
 * A shop's data directory holding the tests' migrated database (tests/helpers/database-template.ts)
 * instead of an empty one: admin:create and the first start find it migrated, 7 s of a new database's
 * migration on disk saved per shop (docs/architecture.md#test-time). The journeys about a first start
 * on an empty directory (e2e/admin-two-factor.spec.ts) do not use it.
 */
export async function seedMigratedDataDir(dataDir: string): Promise<void> {
  const pglite = path.join(dataDir, 'pglite');
  mkdirSync(pglite, { recursive: true });
  // Its members are named from the root ('/base/…'); tar extracts them under -C and says so on stderr.
  execFileSync('tar', ['-xf', await pgliteTemplateFile(), '-C', pglite], { stdio: 'ignore' });
}

// `node --import tsx e2e/migrated-data-dir.ts DIR`: the shared e2e server's, before it starts.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('usage: migrated-data-dir.ts DATA_DIR');
  await seedMigratedDataDir(dataDir);
}
