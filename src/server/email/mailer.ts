import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { withoutSecrets } from '../../shared/url-secrets';
import { outboxRepo } from './outbox.repo';

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(email: Email): Promise<void>;
  /** Closes kept-open connections (shutdown). */
  close(): void;
}

/**
 * Well under the job lease (60 s, jobs/job-queue.ts): a stalled SMTP server fails the send and the job
 * is retried later, instead of the lease running out and another instance sending the same e-mail while
 * this one still waits (nodemailer's own defaults are 2 min to connect and 10 min of silence).
 */
export const smtpTimeouts = {
  dnsTimeout: 5_000,
  connectionTimeout: 10_000,
  greetingTimeout: 10_000,
  socketTimeout: 20_000,
};

/**
 * SMTP_URL set: real e-mail through nodemailer. With `sentLog`, a copy of each e-mail sent, its links'
 * tokens scrubbed, is kept in the outbox table: the buyer's export lists the e-mails sent to them (LGPD), and the retention pass deletes
 * copies older than RETENTION_MONTHS.
 */
export function createSmtpMailer(url: string, from: string, timeouts = smtpTimeouts, sentLog?: Db): Mailer {
  // A few kept-open connections: a new SMTP session per message (TCP, greeting, EHLO) capped the queue
  // at ~136 e-mails/s here (bench:jobs).
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 5, ...timeouts });
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({ from, ...email });
      // The copy keeps no working link: whoever reads it later (an export, a dump) cannot use a token.
      if (sentLog)
        await outboxRepo.insert(sentLog, {
          ...email,
          text: withoutSecrets(email.text),
          html: withoutSecrets(email.html),
        });
    },
    close: () => transport.close(),
  };
}

/** No SMTP_URL: e-mails land in the outbox table (development, tests, a shop that is not live yet). */
export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(email) {
      await outboxRepo.insert(db, email);
    },
    close: () => undefined,
  };
}

/** SMTP when SMTP_URL is set (keeping a copy of each e-mail sent), else the outbox table. */
export function configuredMailer(config: { smtpUrl?: string | undefined; mailFrom: string }, db: Db): Mailer {
  return config.smtpUrl
    ? createSmtpMailer(config.smtpUrl, config.mailFrom, smtpTimeouts, db)
    : createOutboxMailer(db);
}
