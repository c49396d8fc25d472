// zod compiles a fast parser for each object schema with `new Function` when the schema is built, and
// probes whether it may: our Content-Security-Policy refuses eval, so every page importing a schema
// reported a violation (issue 14 §9). zod keeps its settings on this global (zod/v4/core `config()`);
// set before any schema module runs, it makes them interpreted, which a few form fields never notice.
// Imported first by entry-client.tsx.
(globalThis as { __zod_globalConfig?: { jitless?: boolean } }).__zod_globalConfig = { jitless: true };
