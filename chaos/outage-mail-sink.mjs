// The shop's SMTP server for chaos/outage.mjs, in three states: `closed` (nothing listens: connection
// refused), `refusing` (it answers every connection with 421, as a server over its limits does) and
// `open`. Every message accepted is kept with its recipients and its Subject header as sent.
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A port nothing listens on yet. */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

export async function startMailSink() {
  const port = await freePort();
  const received = [];
  let state = 'closed';
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onConnect(_session, callback) {
      if (state !== 'refusing') return callback();
      callback(Object.assign(new Error('Servico indisponivel, tente mais tarde'), { responseCode: 421 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk) => (raw += chunk.toString('latin1')));
      stream.on('end', () => {
        const subject = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? '';
        for (const { address } of session.envelope.rcptTo) received.push({ to: address, subject });
        callback();
      });
    },
  });
  const listening = () =>
    new Promise((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', resolve);
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    get state() {
      return state;
    },
    async refuse() {
      if (state === 'closed') await listening();
      state = 'refusing';
    },
    async open() {
      if (state === 'closed') await listening();
      state = 'open';
    },
    close: () => new Promise((resolve) => (state === 'closed' ? resolve() : server.close(resolve))),
  };
}
