import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { whatsappKinds, whatsappVariables, type WhatsappKind } from '#shared/whatsapp.ts';

// A local WhatsApp Business Cloud API as docs/whatsapp.md describes it: `POST /{phone-number-id}/messages`
// with a Bearer token and a template message, `GET /{phone-number-id}`, errors as `{error:{code,message}}`.
// Templates must be approved here with their variable count (a mismatch is 132000, an unknown name 132001);
// a free-text message to a number outside its 24-hour window is 131047. Faults are switched on per call;
// webhooks come signed with the app secret, as Meta signs them.

export interface SentMessage {
  wamid: string;
  to: string;
  template: string;
  parameters: string[];
  callbackData: string | null;
}

export type Fault =
  /** HTTP 429 with code 130429: nothing sent. */
  | { kind: 'rate_limit' }
  /** Sends the message, then cuts the connection: the answer is lost. */
  | { kind: 'lose_answer' }
  /** Refuses with this code (131047 outside the window, 131026 undeliverable…). */
  | { kind: 'refuse'; code: number; message: string };

/** The name under which the fake approves each of the shop's templates (`approveShopTemplates`). */
export const fakeTemplateName = (kind: WhatsappKind) => `impulso_${kind}`;

export interface FakeCloudApiOptions {
  /** 0 (the default): any free port. */
  port?: number;
  token?: string;
  phoneNumberId?: string;
  appSecret?: string;
  /** Meta's throughput per number (80 messages/s by default there): more in any second is 130429. */
  messagesPerSecond?: number;
  /** Told of each message sent, after it is answered (or its answer cut off), as Meta then sends statuses. */
  onSent?: (message: SentMessage) => void;
}

export interface FakeCloudApi {
  url: string;
  token: string;
  phoneNumberId: string;
  appSecret: string;
  sent: SentMessage[];
  /** A template Meta approved, with its body variable count. */
  approve(name: string, variables: number): void;
  /** Every message of the shop approved as `fakeTemplateName(kind)`, with the variables the panel lists. */
  approveShopTemplates(): void;
  /** Numbers that wrote to the shop in the last 24 hours (free text allowed). */
  windowOpen: Set<string>;
  failNext(fault: Fault): void;
  /** A status webhook body for a message the fake sent. */
  statusEvent(message: SentMessage, status: string, errors?: Array<{ code: number; title: string }>): string;
  inboundEvent(from: string, text: string): string;
  /** `sha256=<hex>` of a body, as X-Hub-Signature-256 carries it. */
  sign(body: string): string;
  close(): Promise<void>;
}

const error = (res: ServerResponse, status: number, code: number, message: string) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'OAuthException', code, fbtrace_id: 'fake' } }));
};

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeCloudApi(options: FakeCloudApiOptions = {}): Promise<FakeCloudApi> {
  const token = options.token ?? `EAAG${randomUUID().replaceAll('-', '')}`;
  const phoneNumberId = options.phoneNumberId ?? '106540352242922';
  const appSecret = options.appSecret ?? randomUUID().replaceAll('-', '');
  const templates = new Map<string, number>();
  const faults: Fault[] = [];
  const sent: SentMessage[] = [];
  const windowOpen = new Set<string>();
  /** When the messages of the last second were taken (only with `messagesPerSecond`). */
  const lastSecond: number[] = [];
  const overThroughput = () => {
    if (options.messagesPerSecond === undefined) return false;
    const now = performance.now();
    while (lastSecond.length > 0 && lastSecond[0]! <= now - 1000) lastSecond.shift();
    if (lastSecond.length >= options.messagesPerSecond) return true;
    lastSecond.push(now);
    return false;
  };

  function send(req: IncomingMessage, res: ServerResponse, raw: string) {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return error(res, 400, 100, 'Invalid parameter');
    }
    if (body.messaging_product !== 'whatsapp') return error(res, 400, 100, 'Invalid messaging_product');
    if (typeof body.to !== 'string' || !/^\d{10,15}$/.test(body.to))
      return error(res, 400, 100, 'Invalid parameter: to');
    const fault = faults.shift();
    if (fault?.kind === 'rate_limit' || overThroughput()) return error(res, 429, 130429, 'Rate limit hit');
    if (fault?.kind === 'refuse') return error(res, 400, fault.code, fault.message);
    if (body.type === 'text') {
      if (!windowOpen.has(body.to))
        return error(
          res,
          400,
          131047,
          'Re-engagement message: more than 24 hours since the customer last replied',
        );
      return error(res, 400, 100, 'The fake takes free text only to say it is outside the window');
    }
    if (body.type !== 'template') return error(res, 400, 100, 'Invalid parameter: type');
    const template = body.template as
      { name?: unknown; language?: { code?: unknown }; components?: unknown } | undefined;
    if (typeof template?.name !== 'string' || template.language?.code !== 'pt_BR')
      return error(res, 400, 132001, 'Template name does not exist in the translation');
    const count = templates.get(template.name);
    if (count === undefined)
      return error(res, 404, 132001, 'Template name does not exist in the translation');
    const components = Array.isArray(template.components) ? template.components : [];
    const bodyComponent = components.find((c: { type?: unknown }) => c.type === 'body') as
      { parameters?: Array<{ type?: unknown; text?: unknown }> } | undefined;
    const parameters = bodyComponent?.parameters ?? [];
    if (
      parameters.length !== count ||
      !parameters.every((p) => p.type === 'text' && typeof p.text === 'string' && p.text.trim() !== '')
    )
      return error(res, 400, 132000, 'Number of parameters does not match the expected number of params');
    const message: SentMessage = {
      wamid: `wamid.${Buffer.from(randomUUID()).toString('base64url')}`,
      to: body.to,
      template: template.name,
      parameters: parameters.map((p) => String(p.text)),
      callbackData: typeof body.biz_opaque_callback_data === 'string' ? body.biz_opaque_callback_data : null,
    };
    sent.push(message);
    if (fault?.kind === 'lose_answer') req.socket.destroy();
    else {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: message.wamid }],
        }),
      );
    }
    options.onSent?.(message);
  }

  const server: Server = createServer((req, res) => {
    void bodyOf(req).then((raw) => {
      if (req.headers.authorization !== `Bearer ${token}`)
        return error(res, 401, 190, 'Invalid OAuth access token - Cannot parse access token');
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      if (req.method === 'POST' && path === `/${phoneNumberId}/messages`) return send(req, res, raw);
      if (req.method === 'GET' && path === `/${phoneNumberId}`) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({
            id: phoneNumberId,
            display_phone_number: '+55 11 4000-0000',
            verified_name: 'Impulso',
          }),
        );
      }
      return error(res, 400, 100, 'Unsupported request');
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const envelope = (value: Record<string, unknown>) =>
    JSON.stringify({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '551140000000', phone_number_id: phoneNumberId },
                ...value,
              },
            },
          ],
        },
      ],
    });

  return {
    url: `http://127.0.0.1:${port}`,
    token,
    phoneNumberId,
    appSecret,
    sent,
    windowOpen,
    approve: (name, variables) => void templates.set(name, variables),
    approveShopTemplates: () => {
      for (const kind of whatsappKinds) templates.set(fakeTemplateName(kind), whatsappVariables[kind].length);
    },
    failNext: (fault) => void faults.push(fault),
    statusEvent: (message, status, errors) =>
      envelope({
        statuses: [
          {
            id: message.wamid,
            status,
            timestamp: String(Math.floor(Date.now() / 1000)),
            recipient_id: message.to,
            ...(message.callbackData ? { biz_opaque_callback_data: message.callbackData } : {}),
            ...(errors ? { errors } : {}),
          },
        ],
      }),
    inboundEvent: (from, text) =>
      envelope({
        contacts: [{ profile: { name: 'Cliente' }, wa_id: from }],
        messages: [
          {
            from,
            id: `wamid.${Buffer.from(randomUUID()).toString('base64url')}`,
            timestamp: String(Math.floor(Date.now() / 1000)),
            type: 'text',
            text: { body: text },
          },
        ],
      }),
    sign: (body) => `sha256=${createHmac('sha256', appSecret).update(body, 'utf8').digest('hex')}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
