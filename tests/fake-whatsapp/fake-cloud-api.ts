import { createHmac, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defaultGraphApiVersion, findGraphApiVersion } from '#server/whatsapp/graph-api-versions.ts';
import { whatsappKinds, whatsappVariables, type WhatsappKind } from '#shared/whatsapp.ts';

// A local WhatsApp Business Cloud API as Meta's pages publish it: every rule it enforces is written once,
// with its source, in CONTRACT.md beside this file and cited here by its number (W1…).
// `POST /{version}/{phone-number-id}/messages` with a Bearer token and a template message,
// `GET /{version}/{phone-number-id}`, errors as `{error:{code,message}}`. Templates must be approved here
// with their variable count (a mismatch is 132000, an unknown name 132001); a free-text message to a
// number outside its 24-hour window is 131047. Faults are switched on per call; webhooks come signed with
// the app secret, as Meta signs them.

export interface SentMessage {
  wamid: string;
  to: string;
  template: string;
  parameters: string[];
  callbackData: string | null;
}

/**
 * The errors a test can ask the fake for, each as M3 lists it (CONTRACT.md W4–W7): its HTTP status (M3-old)
 * and its title. None of them sends the message.
 */
export const metaErrors = {
  2: { status: 503, title: 'Service temporarily unavailable' },
  131000: { status: 500, title: 'Something went wrong' },
  131016: { status: 500, title: 'Service unavailable' },
  133004: { status: 503, title: 'Server temporarily unavailable' },
  130429: { status: 429, title: 'Rate limit hit' },
  131048: { status: 400, title: 'Spam rate limit hit' },
  131049: {
    status: 400,
    title: 'This message was not delivered to maintain healthy ecosystem engagement.',
  },
  131026: { status: 400, title: 'Message undeliverable' },
  131047: { status: 400, title: 'Re-engagement message' },
} as const satisfies Record<number, { status: number; title: string }>;
export type MetaErrorCode = keyof typeof metaErrors;

export type Fault =
  /** Sends the message, then cuts the connection: the answer is lost. */
  | { kind: 'lose_answer' }
  /** Answers Meta's error with this code, with its status (W4–W7): nothing sent. */
  | { kind: 'meta_error'; code: MetaErrorCode };

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
  /** The server, without a version. */
  url: string;
  /** `url` with the shop's Graph API version: what WHATSAPP_API_URL is set to. */
  apiUrl: string;
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

/** W3: Meta's error body; `message` is "(#code) title". */
const error = (res: ServerResponse, status: number, code: number, title: string, details = title) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(
    JSON.stringify({
      error: {
        message: `(#${code}) ${title}`,
        type: 'OAuthException',
        code,
        error_data: { messaging_product: 'whatsapp', details },
        fbtrace_id: 'fake',
      },
    }),
  );
};

/** W8: what a template parameter may not hold. */
const refusedParameterText = /[\n\t]| {5,}/;

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
    const refusal = fault?.kind === 'meta_error' ? fault.code : overThroughput() ? 130429 : null;
    if (refusal !== null) return error(res, metaErrors[refusal].status, refusal, metaErrors[refusal].title);
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
    if (parameters.some((p) => refusedParameterText.test(String(p.text))))
      return error(
        res,
        400,
        132018,
        'Template validation error',
        'Param text cannot have new-line/tab characters or more than 4 consecutive spaces',
      );
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
      const [, version, ...rest] = new URL(req.url ?? '/', 'http://fake').pathname.split('/');
      const path = `/${rest.join('/')}`;
      // W1, W2: the version comes first and must be one Meta published.
      if (!version || !findGraphApiVersion(version))
        return error(res, 400, 2500, `Unknown path components: /${version ?? ''}${path}`);
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
    apiUrl: `http://127.0.0.1:${port}/${defaultGraphApiVersion}`,
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
