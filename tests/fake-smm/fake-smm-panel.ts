import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local SMM panel speaking API v2 as the panels publish it: every rule it enforces is written once, with
// its source, in CONTRACT.md beside this file and cited here by its number (S1…). One endpoint, form body
// (or query), `key` + `action`, numbers as strings, `{error}` answers with a 4xx status (or 200, as classic
// panels do), multi-id status (≤ 100), refill, refill_status, cancel, balance, services; "Subscriptions"
// services (auto-likes, auto-views: `username`, `min`, `max`, `posts`, `delay`, `expiry`) as well as
// "Default" ones. Faults are switched on per call, for any action.

export interface FakeService {
  service: number;
  name: string;
  type: string;
  category: string;
  rate: string;
  min: string;
  max: string;
  dripfeed: boolean;
  refill: boolean;
  cancel: boolean;
}

export interface FakeOrder {
  id: string;
  service: string;
  /** '' for a subscription order, which names a profile instead. */
  link: string;
  quantity: number;
  runs: number | null;
  interval: number | null;
  /**
   * A subscription order: the profile watched, per-post min/max, the minutes it waits after each post,
   * and the day it stops as the panel read `expiry` (`YYYY-MM-DD`, S5).
   */
  subscription?: {
    username: string;
    min: number;
    max: number;
    posts: number | null;
    delay: number;
    expiresOn: string | null;
  };
  status: 'Pending' | 'In progress' | 'Completed' | 'Partial' | 'Canceled' | 'Active' | 'Expired';
  remains: number;
  startCount: number;
  charge: number;
}

export type Fault =
  /**
   * Does it, and answers only once the client has hung up (its timeout), or after `ms` at the latest: the
   * answer is lost however long the client waits, so a test's timeout can be generous and a loaded
   * machine's slow turn is never mistaken for this fault.
   */
  | { kind: 'slow'; ms: number }
  /** Does it, answers HTTP 500 with a page that is not JSON. */
  | { kind: 'error500' }
  /** Does it, answers HTTP 503 with `{error}` (a gateway that gave up waiting: S10, S12). */
  | { kind: 'error503' }
  /** Does it, answers something that is not JSON. */
  | { kind: 'malformed' }
  /** Does it and cuts the connection before answering. */
  | { kind: 'reset' }
  /** Does nothing, answers HTTP 429 with `{error}` (S9, S12). */
  | { kind: 'rate_limited' }
  /** `add` only: refused for the balance (402, S10, S11). */
  | { kind: 'no_funds' }
  /** `add` only: refused for the link (400, S11). */
  | { kind: 'bad_link' };

/** Every way `add` can be taken by the panel with its answer lost (an unknown outcome). */
export const lostAnswerFaults = [
  { kind: 'slow', ms: 30_000 },
  { kind: 'error500' },
  { kind: 'error503' },
  { kind: 'malformed' },
  { kind: 'reset' },
] as const satisfies readonly Fault[];

export interface FakeSmmPanel {
  url: string;
  apiKey: string;
  orders: Map<string, FakeOrder>;
  services: FakeService[];
  /** Every request: action and fields (the key left out). */
  calls: Array<{ action: string; fields: Record<string, string> }>;
  refills: Map<string, { order: string; status: string }>;
  balance: number;
  /** Delay before every answer (the bench's 200 ms panel). */
  latencyMs: number;
  /** `http` (the default): a refusal comes with its 4xx status (S11); `classic`: with 200, as older panels. */
  errorStatuses: 'http' | 'classic';
  /** The next call of `action` (the next one whose fields `only` accepts, when given) meets this fault. */
  failNext(action: string, fault: Fault, only?: (fields: Record<string, string>) => boolean): void;
  failNextAdd(fault: Fault, only?: (fields: Record<string, string>) => boolean): void;
  failNextCancel(fault: Fault): void;
  /** `add` calls for subscription services, to a profile. */
  subscriptionAdds(username?: string): Array<Record<string, string>>;
  setStatus(id: string, status: FakeOrder['status'], remains?: number): void;
  addCalls(): number;
  close(): Promise<void>;
}

/** An answer: a status and a JSON body. */
interface Reply {
  status: number;
  body: unknown;
}
const ok = (body: unknown): Reply => ({ status: 200, body });
/** A refusal (S9); its status is S11's choice. */
const refuse = (status: 400 | 402 | 403 | 404, error: string): Reply => ({ status, body: { error } });

/** S4: the only values `delay` takes. */
const publishedDelays = new Set([
  0, 5, 10, 15, 30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 360, 420, 480, 540, 600,
]);

/** S5: `d/m/Y`, day first, read as a real day (`YYYY-MM-DD`); null for anything else. */
export function panelDay(expiry: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(expiry);
  if (!match) return null;
  const [, day, month, year] = match.map(Number) as [number, number, number, number];
  if (month < 1 || month > 12 || day < 1) return null;
  if (day > new Date(Date.UTC(year, month, 0)).getUTCDate()) return null;
  return `${match[3]}-${match[2]}-${match[1]}`;
}

const defaultServices = (): FakeService[] => [
  {
    service: 101,
    name: 'Instagram Followers BR',
    type: 'Default',
    category: 'Instagram',
    rate: '9.50',
    min: '10',
    max: '50000',
    dripfeed: false,
    refill: true,
    cancel: true,
  },
  {
    service: 102,
    name: 'Instagram Likes BR',
    type: 'Default',
    category: 'Instagram',
    rate: '3.20',
    min: '20',
    max: '20000',
    dripfeed: true,
    refill: true,
    cancel: false,
  },
  {
    service: 103,
    name: 'Instagram Views',
    type: 'Default',
    category: 'Instagram',
    rate: '0.40',
    min: '100',
    max: '1000000',
    dripfeed: true,
    refill: false,
    cancel: false,
  },
  ...(
    [
      [104, 'Instagram Auto Likes BR [per post]', '2.80', '20', '5000', true],
      [105, 'Instagram Auto Story Views', '0.30', '20', '20000', false],
      [106, 'Instagram Auto Reels/Video Views', '0.35', '100', '100000', true],
    ] as const
  ).map(([service, name, rate, min, max, cancel]) => ({
    service,
    name,
    type: 'Subscriptions',
    category: 'Instagram Auto',
    rate,
    min,
    max,
    dripfeed: false,
    refill: false,
    cancel,
  })),
];

export async function startFakeSmmPanel(apiKey = 'smm-test-key'): Promise<FakeSmmPanel> {
  const orders = new Map<string, FakeOrder>();
  const refills = new Map<string, { order: string; status: string }>();
  const calls: FakeSmmPanel['calls'] = [];
  let nextId = 23501;
  let nextRefill = 1;
  const faults: Array<{ action: string; fault: Fault; only?: (fields: Record<string, string>) => boolean }> =
    [];

  const statusOf = (o: FakeOrder) => ({
    charge: o.charge.toFixed(4),
    start_count: String(o.startCount),
    status: o.status,
    remains: String(o.remains),
    currency: 'USD',
  });

  const panel: FakeSmmPanel = {
    url: '',
    apiKey,
    orders,
    services: defaultServices(),
    calls,
    refills,
    balance: 100,
    latencyMs: 0,
    errorStatuses: 'http',
    failNext: (action, fault, only) => void faults.push({ action, fault, only }),
    failNextAdd: (fault, only) => panel.failNext('add', fault, only),
    failNextCancel: (fault) => panel.failNext('cancel', fault),
    subscriptionAdds: (username) =>
      calls
        .filter((c) => c.action === 'add' && c.fields.username !== undefined)
        .map((c) => c.fields)
        .filter((f) => username === undefined || f.username === username),
    setStatus(id, status, remains) {
      const o = orders.get(id);
      if (!o) throw new Error(`no order ${id}`);
      o.status = status;
      o.remains = remains ?? (status === 'Completed' ? 0 : o.remains);
    },
    addCalls: () => calls.filter((c) => c.action === 'add').length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };

  function charge(amount: number): boolean {
    if (amount > panel.balance) return false;
    panel.balance -= amount;
    return true;
  }
  const noFunds = () => refuse(402, 'Not enough funds on balance');

  /** S4–S6: a "Subscriptions" service: the profile, per-post min–max, `delay`, optional posts/old_posts/expiry. */
  function addSubscription(service: FakeService, fields: Record<string, string>): Reply {
    if (fields.link !== undefined || fields.quantity !== undefined || fields.runs !== undefined)
      return refuse(400, 'This service takes username, min and max, not link or quantity');
    const username = fields.username ?? '';
    if (!username) return refuse(400, 'Missing username');
    if (!/^[A-Za-z0-9._]{1,30}$/.test(username) || username.includes('privado'))
      return refuse(400, 'Incorrect username');
    const [min, max] = [Number(fields.min), Number(fields.max)];
    if (!Number.isInteger(min) || !Number.isInteger(max) || min > max)
      return refuse(400, 'Incorrect min/max');
    if (min < Number(service.min)) return refuse(400, `Min quantity less than minimal ${service.min}`);
    if (max > Number(service.max)) return refuse(400, `Max quantity more than maximum ${service.max}`);
    for (const name of ['posts', 'old_posts'])
      if (fields[name] !== undefined && !/^\d+$/.test(fields[name]!)) return refuse(400, `Incorrect ${name}`);
    // S4, S6: `delay` is not optional, and only the published values are taken.
    if (fields.delay === undefined) return refuse(400, 'Missing delay');
    if (!/^\d+$/.test(fields.delay) || !publishedDelays.has(Number(fields.delay)))
      return refuse(400, 'Incorrect delay');
    // S4, S5: `expiry` is optional; when given, a real day written day first.
    const expiresOn = fields.expiry === undefined ? null : panelDay(fields.expiry);
    if (fields.expiry !== undefined && expiresOn === null) return refuse(400, 'Incorrect expiry date');
    // The panel holds the first 30 posts' worth of the maximum.
    if (!charge((Number(service.rate) * max * 30) / 1000)) return noFunds();
    const id = String(nextId++);
    orders.set(id, {
      id,
      service: String(service.service),
      link: '',
      quantity: max,
      runs: null,
      interval: null,
      subscription: {
        username,
        min,
        max,
        posts: fields.posts ? Number(fields.posts) : null,
        delay: Number(fields.delay),
        expiresOn,
      },
      status: 'Active',
      remains: 0,
      startCount: 0,
      charge: 0,
    });
    return ok({ order: Number(id) });
  }

  function cancel(id: string) {
    const o = orders.get(id);
    if (!o) return { order: Number(id), cancel: { error: 'Incorrect order ID' } };
    const service = panel.services.find((s) => String(s.service) === o.service);
    if (!service?.cancel)
      return { order: Number(id), cancel: { error: 'Cancel is disabled for this service' } };
    if (!['Pending', 'In progress', 'Active'].includes(o.status))
      return { order: Number(id), cancel: { error: 'This order cannot be canceled' } };
    o.status = 'Canceled';
    return { order: Number(id), cancel: 1 };
  }

  /** S3 (and S4 for a subscription service). */
  function add(fields: Record<string, string>): Reply {
    const service = panel.services.find((s) => String(s.service) === fields.service);
    if (!service) return refuse(404, 'Service ID does not exist');
    if (service.type === 'Subscriptions') return addSubscription(service, fields);
    if (!fields.link) return refuse(400, 'Missing link');
    const quantity = Number(fields.quantity);
    if (!Number.isInteger(quantity)) return refuse(400, 'Incorrect quantity');
    if (quantity < Number(service.min)) return refuse(400, `Quantity less than minimal ${service.min}`);
    if (quantity > Number(service.max)) return refuse(400, `Quantity more than maximum ${service.max}`);
    const runs = fields.runs ? Number(fields.runs) : null;
    if (runs && !service.dripfeed) return refuse(400, 'This service does not support Dripfeed');
    if (!/^https:\/\/(www\.)?instagram\.com\//.test(fields.link) || fields.link.includes('privado'))
      return refuse(400, 'Bad Link');
    const cost = (Number(service.rate) * quantity * (runs ?? 1)) / 1000;
    if (!charge(cost)) return noFunds();
    const id = String(nextId++);
    orders.set(id, {
      id,
      service: fields.service!,
      link: fields.link,
      quantity,
      runs,
      interval: fields.interval ? Number(fields.interval) : null,

      status: 'Pending',
      remains: quantity * (runs ?? 1),
      startCount: 0,
      charge: cost,
    });
    return ok({ order: Number(id) });
  }

  function answer(action: string, fields: Record<string, string>): Reply {
    switch (action) {
      case 'services':
        return ok(panel.services);
      case 'balance':
        return ok({ balance: panel.balance.toFixed(5), currency: 'USD' });
      case 'add':
        return add(fields);
      case 'status': {
        // S7: per-id errors travel inside the answer.
        if (fields.orders !== undefined) {
          const ids = fields.orders.split(',').filter(Boolean);
          if (ids.length > 100) return refuse(400, 'Maximum 100 orders per request');
          return ok(
            Object.fromEntries(
              ids.map((id) => {
                const o = orders.get(id);
                return [id, o ? statusOf(o) : { error: 'Incorrect order ID' }];
              }),
            ),
          );
        }
        const o = orders.get(fields.order ?? '');
        return o ? ok(statusOf(o)) : refuse(404, 'Incorrect order ID');
      }
      case 'refill': {
        const o = orders.get(fields.order ?? '');
        if (!o) return refuse(404, 'Incorrect order ID');
        const service = panel.services.find((s) => String(s.service) === o.service);
        if (!service?.refill) return refuse(400, 'Refill is disabled for this service');
        if ([...refills.values()].some((r) => r.order === o.id && r.status !== 'Completed'))
          return refuse(400, 'Refill already requested');
        const id = String(nextRefill++);
        refills.set(id, { order: o.id, status: 'Pending' });
        return ok({ refill: id });
      }
      case 'refill_status': {
        const r = refills.get(fields.refill ?? '');
        return r ? ok({ status: r.status }) : refuse(404, 'Refill not found');
      }
      case 'cancel': {
        // S8: per-id refusals travel inside the list.
        const ids = (fields.orders ?? '').split(',').filter(Boolean);
        if (ids.length === 0) return refuse(400, 'Missing orders');
        if (ids.length > 100) return refuse(400, 'Maximum 100 orders per request');
        return ok(ids.map(cancel));
      }
      default:
        return refuse(400, 'This action is invalid');
    }
  }

  function takeFault(action: string, fields: Record<string, string>): Fault | undefined {
    const at = faults.findIndex((f) => f.action === action && (!f.only || f.only(fields)));
    return at < 0 ? undefined : faults.splice(at, 1)[0]!.fault;
  }

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const form = new URLSearchParams(Buffer.concat(chunks).toString());
    const fields: Record<string, string> = Object.fromEntries([...url.searchParams, ...form]);
    const send = (status: number, raw: string) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(raw);
    };
    /** S9, S11: a refusal carries its status, or 200 on a classic panel. */
    const reply = ({ status, body }: Reply) =>
      send(panel.errorStatuses === 'classic' ? 200 : status, JSON.stringify(body));
    if (panel.latencyMs) await new Promise((r) => setTimeout(r, panel.latencyMs));
    if (url.pathname !== '/api/v2') return reply(refuse(404, 'Not found'));
    const { key, action = '', ...rest } = fields;
    calls.push({ action, fields: rest });
    if (key !== apiKey) return reply(refuse(403, 'Invalid API key'));
    const fault = takeFault(action, rest);
    // S12: a rate limit is answered before anything is done.
    if (fault?.kind === 'rate_limited') return send(429, JSON.stringify({ error: 'Too many requests' }));
    if (fault?.kind === 'no_funds') return reply(noFunds());
    if (fault?.kind === 'bad_link') return reply(refuse(400, 'Bad Link'));
    const answered = answer(action, rest);
    if (!fault) return reply(answered);
    const body = JSON.stringify(answered.body);
    if (fault.kind === 'slow') {
      await new Promise<void>((resolve) => {
        const gaveUp = setTimeout(resolve, fault.ms);
        res.once('close', () => {
          clearTimeout(gaveUp);
          resolve();
        });
      });
      return reply(answered);
    }
    if (fault.kind === 'error500') return send(500, '<html>Internal Server Error</html>');
    if (fault.kind === 'error503')
      return send(503, JSON.stringify({ error: 'Service temporarily unavailable' }));
    if (fault.kind === 'malformed') return send(200, body.slice(0, Math.max(1, body.length - 3)));
    req.socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  panel.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  return panel;
}

/** A loopback port nothing listens on (connection refused: the request never leaves). */
export async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/api/v2`;
}

/** The app's settings for delivering to `panel`, its services 101–103 standing for our three products. */
export function smmPanelEnv(panel: FakeSmmPanel): Record<string, string> {
  return {
    FULFILMENT_PROVIDER: 'smm',
    SMM_API_URL: panel.url,
    SMM_API_KEY: panel.apiKey,
    SMM_SERVICE_FOLLOWERS: '101',
    SMM_SERVICE_LIKES: '102',
    SMM_SERVICE_VIEWS: '103',
  };
}
