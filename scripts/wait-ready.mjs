// `node scripts/wait-ready.mjs <port>`: waits until the instance on 127.0.0.1:<port> answers
// /api/health, at most WAIT_READY_SECONDS (90). The unit runs it after starting an instance
// (deploy/impulso.service, ExecStartPost), so `systemctl restart impulso@3000` returns only once that
// instance takes traffic; it listens only after warming its request path and pool (ADR 040, ADR 058).
// Exits 1 when the time is up: systemd then reports the start as failed, and the other instance is
// left alone by the upgrade's next step.
const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error('uso: node scripts/wait-ready.mjs <porta>');
  process.exit(2);
}
const deadline = Date.now() + Number(process.env.WAIT_READY_SECONDS ?? 90) * 1000;
for (;;) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) });
    if (res.ok) process.exit(0);
  } catch {
    // not listening yet
  }
  if (Date.now() > deadline) {
    console.error(`a instância da porta ${port} não respondeu /api/health a tempo`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 250));
}
