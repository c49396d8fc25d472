import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local SMM panel speaking API v2 as docs/fulfilment.md describes it: one endpoint,
// form body (or query), `key` + `action`, numbers as strings, errors as `{error}` with HTTP 200, multi-id
// status (≤ 100), refill, refill_status, cancel, balance, services; "Subscriptions" services (auto-likes,
// auto-views: `username`, `min`, `max`, `posts`, `delay`, `expiry`) as well as "Default" ones. Faults
// are switched on per call.

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
  /** A subscription order: the profile watched, per-post min/max, and when it stops (`MM/DD/YYYY`). */
  subscription?: { username: string; min: number; max: number; posts: number | null; expiry: string | null };
  status: 'Pending' | 'In progress' | 'Completed' | 'Partial' | 'Canceled' | 'Active' | 'Expired';
  remains: number;
  startCount: number;
  charge: number;
}

export type Fault =
  /** Takes the order, answers after `ms` (past the client's timeout). */
  | { kind: 'slow'; ms: number }
  /** Takes the order, answers HTTP 500. */
  | { kind: 'error500' }
  /** Takes the order, answers something that is not JSON. */
  | { kind: 'malformed' }
  /** Takes the order and cuts the connection before answering. */
  | { kind: 'reset' }
  | { kind: 'no_funds' }
  | { kind: 'bad_link' };

/** Every way `add` can be taken by the panel with its answer lost (an unknown outcome). */
export const lostAnswerFaults = [
  { kind: 'slow', ms: 1500 },
  { kind: 'error500' },
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
  /** The next `add` (the next one whose fields `only` accepts, when given) meets this fault. */
  failNextAdd(fault: Fault, only?: (fields: Record<string, string>) => boolean): void;
  /** The next `cancel` meets this fault (`slow`, `error500`, `malformed`, `reset`). */
  failNextCancel(fault: Fault): void;
  /** `add` calls for subscription services, to a profile. */
  subscriptionAdds(username?: string): Array<Record<string, string>>;
  setStatus(id: string, status: FakeOrder['status'], remains?: number): void;
  addCalls(): number;
  close(): Promise<void>;
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
  const faults: Array<{ fault: Fault; only?: (fields: Record<string, string>) => boolean }> = [];
  const cancelFaults: Fault[] = [];

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
    failNextAdd: (fault, only) => void faults.push({ fault, only }),
    failNextCancel: (fault) => void cancelFaults.push(fault),
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

  /** A "Subscriptions" service: the profile, per-post min–max, optional posts/old_posts/delay/expiry. */
  function addSubscription(service: FakeService, fields: Record<string, string>): unknown {
    if (fields.link !== undefined || fields.quantity !== undefined || fields.runs !== undefined)
      return { error: 'This service takes username, min and max, not link or quantity' };
    const username = fields.username ?? '';
    if (!username) return { error: 'Missing username' };
    if (!/^[A-Za-z0-9._]{1,30}$/.test(username) || username.includes('privado'))
      return { error: 'Incorrect username' };
    const [min, max] = [Number(fields.min), Number(fields.max)];
    if (!Number.isInteger(min) || !Number.isInteger(max) || min > max) return { error: 'Incorrect min/max' };
    if (min < Number(service.min)) return { error: `Min quantity less than minimal ${service.min}` };
    if (max > Number(service.max)) return { error: `Max quantity more than maximum ${service.max}` };
    for (const name of ['posts', 'old_posts', 'delay'])
      if (fields[name] !== undefined && !/^\d+$/.test(fields[name]!)) return { error: `Incorrect ${name}` };
    const expiry = fields.expiry ?? null;
    if (expiry !== null && !/^(0[1-9]|1[0-2])\/(0[1-9]|[12]\d|3[01])\/\d{4}$/.test(expiry))
      return { error: 'Incorrect expiry date' };
    // The panel holds the first 30 posts' worth of the maximum.
    if (!charge((Number(service.rate) * max * 30) / 1000)) return { error: 'Not enough funds on balance' };
    const id = String(nextId++);
    orders.set(id, {
      id,
      service: String(service.service),
      link: '',
      quantity: max,
      runs: null,
      interval: null,
      subscription: { username, min, max, posts: fields.posts ? Number(fields.posts) : null, expiry },
      status: 'Active',
      remains: 0,
      startCount: 0,
      charge: 0,
    });
    return { order: Number(id) };
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

  function add(fields: Record<string, string>): unknown {
    const service = panel.services.find((s) => String(s.service) === fields.service);
    if (!service) return { error: 'Service ID does not exist' };
    if (service.type === 'Subscriptions') return addSubscription(service, fields);
    if (!fields.link) return { error: 'Missing link' };
    const quantity = Number(fields.quantity);
    if (!Number.isInteger(quantity)) return { error: 'Incorrect quantity' };
    if (quantity < Number(service.min)) return { error: `Quantity less than minimal ${service.min}` };
    if (quantity > Number(service.max)) return { error: `Quantity more than maximum ${service.max}` };
    const runs = fields.runs ? Number(fields.runs) : null;
    if (runs && !service.dripfeed) return { error: 'This service does not support Dripfeed' };
    if (!/^https:\/\/(www\.)?instagram\.com\//.test(fields.link) || fields.link.includes('privado'))
      return { error: 'Bad Link' };
    const cost = (Number(service.rate) * quantity * (runs ?? 1)) / 1000;
    if (!charge(cost)) return { error: 'Not enough funds on balance' };
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
    return { order: Number(id) };
  }

  function answer(action: string, fields: Record<string, string>): unknown {
    switch (action) {
      case 'services':
        return panel.services;
      case 'balance':
        return { balance: panel.balance.toFixed(5), currency: 'USD' };
      case 'add':
        return add(fields);
      case 'status': {
        if (fields.orders !== undefined) {
          const ids = fields.orders.split(',').filter(Boolean);
          if (ids.length > 100) return { error: 'Maximum 100 orders per request' };
          return Object.fromEntries(
            ids.map((id) => {
              const o = orders.get(id);
              return [id, o ? statusOf(o) : { error: 'Incorrect order ID' }];
            }),
          );
        }
        const o = orders.get(fields.order ?? '');
        return o ? statusOf(o) : { error: 'Incorrect order ID' };
      }
      case 'refill': {
        const o = orders.get(fields.order ?? '');
        if (!o) return { error: 'Incorrect order ID' };
        const service = panel.services.find((s) => String(s.service) === o.service);
        if (!service?.refill) return { error: 'Refill is disabled for this service' };
        if ([...refills.values()].some((r) => r.order === o.id && r.status !== 'Completed'))
          return { error: 'Refill already requested' };
        const id = String(nextRefill++);
        refills.set(id, { order: o.id, status: 'Pending' });
        return { refill: id };
      }
      case 'refill_status': {
        const r = refills.get(fields.refill ?? '');
        return r ? { status: r.status } : { error: 'Refill not found' };
      }
      case 'cancel': {
        const ids = (fields.orders ?? '').split(',').filter(Boolean);
        if (ids.length === 0) return { error: 'Missing orders' };
        if (ids.length > 100) return { error: 'Maximum 100 orders per request' };
        return ids.map(cancel);
      }
      default:
        return { error: 'This action is invalid' };
    }
  }

  function takeFault(fields: Record<string, string>): Fault | undefined {
    const at = faults.findIndex((f) => !f.only || f.only(fields));
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
    if (panel.latencyMs) await new Promise((r) => setTimeout(r, panel.latencyMs));
    if (url.pathname !== '/api/v2') return send(404, JSON.stringify({ error: 'Not found' }));
    const { key, action = '', ...rest } = fields;
    calls.push({ action, fields: rest });
    if (key !== apiKey) return send(200, JSON.stringify({ error: 'Invalid API key' }));
    const fault = action === 'add' ? takeFault(rest) : action === 'cancel' ? cancelFaults.shift() : undefined;
    if (fault?.kind === 'no_funds')
      return send(200, JSON.stringify({ error: 'Not enough funds on balance' }));
    if (fault?.kind === 'bad_link') return send(200, JSON.stringify({ error: 'Bad Link' }));
    const body = JSON.stringify(answer(action, rest));
    if (!fault) return send(200, body);
    if (fault.kind === 'slow') {
      await new Promise((r) => setTimeout(r, fault.ms));
      return send(200, body);
    }
    if (fault.kind === 'error500') return send(500, '<html>Internal Server Error</html>');
    if (fault.kind === 'malformed') return send(200, '{"order": 23');
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
