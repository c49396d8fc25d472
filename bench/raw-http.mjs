// The load generators' HTTP client. On this 2-core machine the generator shares the CPU with the server and
// PostgreSQL it measures: node:http cost 0.2–0.4 ms of CPU per request here (docs/benchmarks.md), taken
// from the server. This client writes requests built beforehand as bytes on keep-alive sockets and reads
// only the status line and Content-Length of each answer (every JSON answer of the app carries one).
import net from 'node:net';

/** `{ method, path, body, headers }` as the bytes of one HTTP/1.1 request to `host`. */
export function requestBytes(host, { method = 'GET', path, body, headers = {} }) {
  const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
  const lines = [`${method} ${path} HTTP/1.1`, `host: ${host}`, 'connection: keep-alive'];
  if (payload) lines.push('content-type: application/json', `content-length: ${payload.length}`);
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  const head = Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1');
  return payload ? Buffer.concat([head, payload]) : head;
}

/** Keep-alive connections to `base`, as many as requests in flight; `send` resolves with the status (0: failed). */
export function rawClient(base) {
  const url = new URL(base);
  const idle = [];
  const all = new Set();

  function connect() {
    const conn = { socket: net.connect(Number(url.port), url.hostname), buffer: null, need: -1, status: 0 };
    conn.socket.setNoDelay(true);
    const fail = () => {
      all.delete(conn);
      conn.dead = true;
      const done = conn.done;
      conn.done = undefined;
      done?.(0);
    };
    conn.socket.on('error', fail);
    conn.socket.on('close', fail);
    conn.socket.on('data', (chunk) => read(conn, chunk));
    all.add(conn);
    return conn;
  }

  function read(conn, chunk) {
    conn.buffer = conn.buffer ? Buffer.concat([conn.buffer, chunk]) : chunk;
    if (conn.need < 0) {
      const end = conn.buffer.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = conn.buffer.toString('latin1', 0, end);
      conn.status = Number(head.slice(9, 12));
      const length = /\r\ncontent-length: *(\d+)/i.exec(head);
      if (!length && conn.status !== 204 && conn.status !== 304) {
        throw new Error(`raw-http: an answer without Content-Length:\n${head}`);
      }
      conn.need = end + 4 + Number(length?.[1] ?? 0);
      conn.close = /\r\nconnection: *close/i.test(head);
    }
    if (conn.buffer.length < conn.need) return;
    const done = conn.done;
    conn.buffer = null;
    conn.need = -1;
    conn.done = undefined;
    if (conn.close) conn.socket.destroy();
    else idle.push(conn);
    done?.(conn.status);
  }

  return {
    send(bytes) {
      return new Promise((resolve) => {
        let conn = idle.pop();
        while (conn?.dead) conn = idle.pop();
        conn ??= connect();
        conn.done = resolve;
        conn.socket.write(bytes);
      });
    },
    /** Opens `count` connections ahead, each resolved once connected (as a proxy keeps its upstream pool). */
    async open(count) {
      const opened = Array.from({ length: count }, () => connect());
      await Promise.all(opened.map((conn) => new Promise((resolve) => conn.socket.once('connect', resolve))));
      idle.push(...opened);
    },
    close() {
      for (const conn of all) conn.socket.destroy();
    },
  };
}
