// Errors that mean "the database cannot be reached right now", not "this request is wrong": a connection
// the server terminated (restart, failover, pg_terminate_backend), refused or timed out. The request gets
// a 503 and may be sent again (orders carry an Idempotency-Key); the pool opens new connections.

const unavailableSqlStates = new Set(['57P01', '57P02', '57P03', '53300']);
const unavailableNodeCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);
const unavailableMessages = [
  'Connection terminated',
  'connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
];

/** The error and its causes (Drizzle wraps the driver's error in `cause`), as far as they carry fields. */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (typeof current !== 'object') return;
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    yield { code, message };
    current = cause;
  }
}

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const { code, message } of causes(error)) {
    if (typeof code === 'string' && (unavailableSqlStates.has(code) || code.startsWith('08'))) return true;
    if (typeof code === 'string' && unavailableNodeCodes.has(code)) return true;
    if (typeof message === 'string' && unavailableMessages.some((m) => message.includes(m))) return true;
  }
  return false;
}

/**
 * True when the database answered the statement with an error of its own (a SQLSTATE such as a
 * constraint's 23505) while reachable: the statement was rolled back whole, so running its parts again
 * cannot apply anything twice. A lost connection or an error of ours after the answer is not this.
 */
export function isRefusedByDatabase(error: unknown): boolean {
  if (isDatabaseUnavailable(error)) return false;
  for (const { code } of causes(error))
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return true;
  return false;
}

/** Runs `write` again, up to 5 times a few hundred ms apart, while the database cannot be reached. */
export async function retryWhileUnavailable<T>(write: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await write();
    } catch (error) {
      if (tries >= 5 || !isDatabaseUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200 * tries));
    }
  }
}
