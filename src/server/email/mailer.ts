import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { outboxEmails } from '../db/schema';

export interface Email {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(email: Email): Promise<void>;
}

/** SMTP_URL set: real e-mail through nodemailer. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    kind: 'smtp',
    async send(email) {
      await transport.sendMail({ from, ...email });
    },
  };
}

/** No SMTP_URL: e-mails land in the outbox table (development, tests, a shop that is not live yet). */
export function createOutboxMailer(db: Db): Mailer {
  return {
    kind: 'outbox',
    async send(email) {
      await db.insert(outboxEmails).values(email);
    },
  };
}
