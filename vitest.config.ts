import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The integration files
    // mostly wait on the database and local HTTP, so two share 2 cores well (PostgreSQL suite 159 → 107 s,
    // PGlite suite 242 → 188 s on this machine, docs/architecture.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          // Migrates one database that each test file copies (tests/helpers/database-template.ts).
          globalSetup: ['tests/helpers/database-template-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
