import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { shopWebhookEvents } from '#server/payments/asaas/asaas-events.ts';
import { fakePixKey, fakeWebhook } from '../fake-asaas/fake-asaas-account';
import { startFakeAsaas, type FakeAsaas } from '../fake-asaas/fake-asaas-server';
import { smmPanelEnv, startFakeSmmPanel, type FakeSmmPanel } from '../fake-smm/fake-smm-panel';

// Every service `npm run doctor` asks, as local stand-ins a test sets right or wrong: the fake Asaas, the
// fake SMM panel, an SMTP server with a login, and the shop's public address answering /api/health.

export const webhookToken = 'doctor-webhook-token-0123456789abcdef';
export const smtpLogin = { user: 'loja', pass: 'senha-do-smtp-secreta' };

export interface DoctorServices {
  asaas: FakeAsaas;
  panel: FakeSmmPanel;
  /** E-mails the SMTP server took: recipients and raw text. */
  mails: Array<{ to: string[]; raw: string }>;
  /** What /api/health answers at the public address (200 by default). */
  health: { status: number };
  publicUrl: string;
  smtpUrl: string;
  /** The variables of a shop using all of them, every check right. */
  env: Record<string, string>;
  /** Everything answering right again: a correct webhook, an active PIX key, the site, balance, services. */
  setRight(): void;
  close(): Promise<void>;
}

const listen = (server: Server | SMTPServer['server']) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

export async function startDoctorServices(): Promise<DoctorServices> {
  const asaas = await startFakeAsaas();
  const panel = await startFakeSmmPanel();
  const mails: DoctorServices['mails'] = [];
  const smtp = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (auth.username === smtpLogin.user && auth.password === smtpLogin.pass)
        return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  const smtpPort = await listen(smtp.server);
  const health = { status: 200 };
  const site = createServer((req, res) => {
    res.writeHead(req.url === '/api/health' ? health.status : 404, { 'content-type': 'application/json' });
    res.end('{"status":"ok"}');
  });
  const publicUrl = `http://127.0.0.1:${await listen(site)}`;
  const smtpUrl = `smtp://${smtpLogin.user}:${smtpLogin.pass}@127.0.0.1:${smtpPort}`;
  const services = structuredClone(panel.services);
  const setRight = () => {
    panel.services = structuredClone(services);
    asaas.account.balance = 1234.5;
    asaas.account.webhooks = [
      fakeWebhook(`${publicUrl}/api/webhooks/asaas`, webhookToken, shopWebhookEvents),
    ];
    asaas.account.pixKeys = [fakePixKey('ACTIVE')];
    asaas.account.site = publicUrl;
    panel.balance = 100;
    panel.latencyMs = 0;
  };
  setRight();
  return {
    asaas,
    panel,
    mails,
    health,
    publicUrl,
    smtpUrl,
    env: {
      PAYMENT_PROVIDER: 'asaas',
      ASAAS_API_URL: asaas.url,
      ASAAS_API_KEY: asaas.apiKey,
      ASAAS_WEBHOOK_TOKEN: webhookToken,
      PUBLIC_URL: publicUrl,
      SMTP_URL: smtpUrl,
      ADMIN_EMAIL: 'dona@loja.example',
      ...smmPanelEnv(panel),
    },
    setRight,
    async close() {
      await asaas.close();
      await panel.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
      site.closeAllConnections();
      await new Promise<void>((resolve) => site.close(() => resolve()));
    },
  };
}
