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
          // Sharing a worker's modules, as the integration files do: 15 → 6 s of wall, 20 → 7 s of CPU on
          // 2 cores. No unit file mocks a module; the ones that stub a global or the clock put it back after
          // each test (docs/architecture.md#test-time).
          isolate: false,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['tests/**/*.test.ts'],
          environment: 'node',
          // Each file re-imported the whole server (Fastify, Drizzle, PGlite's WebAssembly) in a fresh module
          // graph: a third of the suite's time. The files share a worker's modules instead; each still gets
          // its own database and app (tests/helpers/test-app.ts), and nothing in tests/ mocks a module or
          // stubs a global (docs/architecture.md#test-time).
          isolate: false,
          // Migrates one database that each test file copies (tests/helpers/database-template.ts).
          globalSetup: ['tests/helpers/database-template-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
