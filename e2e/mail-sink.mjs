// A local SMTP server for the e2e run: the app sends real e-mail to it (SMTP_URL), and every message is
// appended, decoded, as one JSON line to $E2E_MAIL_LOG, where journeys that follow an e-mailed link read it.
import { appendFileSync } from 'node:fs';
import { SMTPServer } from 'smtp-server';

const file = process.env.E2E_MAIL_LOG;
const port = Number(process.env.E2E_SMTP_PORT);

/** Quoted-printable as nodemailer writes it: soft line breaks and =XX bytes (UTF-8). */
const decode = (raw) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, callback) {
    let raw = '';
    stream.on('data', (chunk) => (raw += chunk.toString('latin1')));
    stream.on('end', () => {
      const to = session.envelope.rcptTo.map((r) => r.address);
      // `via`: which sink took it (chaos/proxy.mjs gives each app instance its own).
      appendFileSync(file, `${JSON.stringify({ to, via: port, text: decode(raw) })}\n`);
      callback();
    });
  },
}).listen(port, '127.0.0.1');
