import type { FastifyInstance } from 'fastify';

export interface InFlight {
  /** Resolves when no handler is running: a client that hung up does not stop its handler's queries, so
   * shutdown waits for them before closing the database. */
  idle(): Promise<void>;
  /** How many requests are being handled now. */
  running(): number;
}

/** Counts the requests being handled. */
export function trackInFlight(server: FastifyInstance): InFlight {
  // During shutdown, answers close their connection, so keep-alive clients do not hold the close open.
  // A request counts as running until its handler hands a payload to onSend (which also happens when the
  // client has already hung up, unlike onResponse). Callback hooks: no promise per request.
  let closing = false;
  server.addHook('preClose', async () => {
    closing = true;
  });
  const running = new Set<string>();
  server.addHook('onRequest', (request, _reply, done) => {
    running.add(request.id);
    done();
  });
  server.addHook('onSend', (request, reply, payload, done) => {
    running.delete(request.id);
    if (closing) reply.header('connection', 'close');
    done(null, payload);
  });
  server.addHook('onResponse', (request, _reply, done) => {
    running.delete(request.id);
    done();
  });
  return {
    async idle() {
      while (running.size > 0) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    running: () => running.size,
  };
}
