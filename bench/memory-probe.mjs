// Loaded into the server by bench/soak.mjs (NODE_OPTIONS=--expose-gc --import): on SIGUSR2 it collects
// garbage and appends the process's memory, as one JSON line, to $MEMORY_PROBE_FILE. A heap measured
// after a full collection holds only what is still referenced: a leak shows as a rising line.
import { appendFileSync } from 'node:fs';

const file = process.env.MEMORY_PROBE_FILE;
process.on('SIGUSR2', () => {
  globalThis.gc?.();
  appendFileSync(file, `${JSON.stringify({ at: Date.now(), ...process.memoryUsage() })}\n`);
});
