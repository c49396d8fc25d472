import type { Db } from './client';
import { isRefusedByDatabase } from './unavailable';

/**
 * An app-level group commit (ADR 039): the calls made in one turn of the event loop share one statement,
 * one round trip and one commit. Each caller still waits for the commit that holds its row, so nothing
 * is answered before it is stored.
 *
 * One statement of a batcher runs at a time (`maxInFlight`): the calls made while it runs leave together
 * when it is answered, or once it has run `overdueMs` without an answer. A busy instance (a fresh one still
 * compiling its code, a burst) otherwise sent a statement of a few rows every turn, each a round trip and
 * a commit, which made it busier still (ADR 059).
 *
 * `run` answers each item, in order, with its result or its own Error. When the database refuses the
 * shared statement as a whole (one bad row fails them all, and nothing of it is kept), each item is run
 * again alone, so a row can only fail itself. Any other failure (a lost connection, whose statement may
 * have committed) fails every item: running them again could apply one twice.
 */
export function turnBatcher<In, Out>(
  run: (batch: In[]) => Promise<Array<Out | Error>>,
  { maxBatch = 100, maxInFlight = 1, overdueMs = 500 } = {},
): (item: In) => Promise<Out> {
  interface Waiting {
    item: In;
    resolve: (value: Out) => void;
    reject: (error: unknown) => void;
  }
  const waiting: Waiting[] = [];
  let inFlight = 0;
  let turnEndPending = false;

  const settle = (entry: Waiting, result: Out | Error) => {
    if (result instanceof Error) entry.reject(result);
    else entry.resolve(result);
  };

  async function flush(batch: Waiting[]) {
    try {
      const results = await run(batch.map((entry) => entry.item));
      batch.forEach((entry, i) => settle(entry, results[i]!));
    } catch (error) {
      if (batch.length === 1 || !isRefusedByDatabase(error)) {
        for (const entry of batch) entry.reject(error);
        return;
      }
      for (const entry of batch) await flush([entry]);
    }
  }

  /** Sends what waits, a full batch at a time, while a statement may start. */
  function sendWaiting() {
    while (waiting.length > 0 && inFlight < maxInFlight) {
      const batch = waiting.splice(0, maxBatch);
      inFlight += 1;
      let counted = true;
      const release = () => {
        if (!counted) return;
        counted = false;
        inFlight -= 1;
        sendWaiting();
      };
      // A statement that hangs (a lock wait, a dead connection) stops holding the others back: they go
      // on other pool connections, as before ADR 059.
      const overdue = setTimeout(release, overdueMs);
      overdue.unref();
      void flush(batch).finally(() => {
        clearTimeout(overdue);
        release();
      });
    }
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      const size = waiting.push({ item, resolve, reject });
      if (size >= maxBatch) sendWaiting();
      else if (!turnEndPending) {
        turnEndPending = true;
        setImmediate(() => {
          turnEndPending = false;
          sendWaiting();
        });
      }
    });
}

/**
 * A turnBatcher for each database (every test app opens its own): `run(db, batch)` gets the calls made on
 * one database in one turn.
 */
export function turnBatcherPerDb<In, Out>(
  run: (db: Db, batch: In[]) => Promise<Array<Out | Error>>,
): (db: Db, item: In) => Promise<Out> {
  const batchers = new WeakMap<Db, (item: In) => Promise<Out>>();
  return (db, item) => {
    let batcher = batchers.get(db);
    if (!batcher) {
      batcher = turnBatcher((batch: In[]) => run(db, batch));
      batchers.set(db, batcher);
    }
    return batcher(item);
  };
}
