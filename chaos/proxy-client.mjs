// What chaos/proxy.mjs asks through nginx: HTTPS with the proof's own certificate, and nginx's access log
// to tell which instance answered each request (every request here carries an `X-Proof` tag).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';

function request(options, body) {
  const transport = options.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    const req = transport.request(options, (res) => {
      let text = '';
      res.on('data', (chunk) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** nginx's log lines: `upstream status "request" "tag"`. */
function logLines(accessLog) {
  if (!existsSync(accessLog)) return [];
  return readFileSync(accessLog, 'utf8')
    .trim()
    .split('\n')
    .map((line) => line.match(/^(\S+) (\d+) "([^"]*)" "([^"]*)"$/))
    .filter(Boolean)
    .map(([, upstream, status, req, tag]) => ({ upstream, status: Number(status), req, tag }));
}

const someAddress = () => `10.${[1, 2, 3].map(() => randomBytes(1)[0] % 250).join('.')}`;

export function proxyClient({ port, ca, accessLog }) {
  const post = (pathname, data, { tag, address }) => {
    const body = JSON.stringify(data);
    const headers = { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    return request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: 'POST',
        ca,
        headers: { ...headers, 'x-proof': tag, 'x-forwarded-for': address },
      },
      body,
    ).then((res) => ({ ...res, json: JSON.parse(res.text || 'null') }));
  };
  /** The instances that answered the requests tagged `tag` (read after they were answered). */
  const upstreamsOf = (tag) =>
    new Set(
      logLines(accessLog)
        .filter((l) => l.tag === tag)
        .map((l) => l.upstream),
    );

  return {
    async waitUntilUp(nginx) {
      for (let i = 0; i < 50; i++) {
        if (nginx.exitCode !== null) throw new Error('nginx stopped (see nginx-error.log)');
        try {
          const res = await request({ host: '127.0.0.1', port, path: '/api/health', ca });
          if (res.status === 200) return;
        } catch {
          // not listening yet
        }
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('nginx did not answer');
    },

    /** Plain HTTP answers with the redirect to HTTPS, and HTTPS carries HSTS. */
    async checkRedirect(httpPort) {
      const plain = await request({ protocol: 'http:', host: '127.0.0.1', port: httpPort, path: '/precos' });
      const secure = await request({ host: '127.0.0.1', port, path: '/', ca });
      const problems = [];
      if (plain.status !== 301 || !plain.headers.location?.startsWith('https://'))
        problems.push(`plain HTTP answered ${plain.status} ${plain.headers.location ?? ''}`);
      if (!secure.headers['strict-transport-security']) problems.push('HTTPS answer without HSTS');
      console.table({
        'TLS front': { 'http → https': plain.status, hsts: secure.headers['strict-transport-security'] },
      });
      return problems;
    },

    /**
     * The admin sign-in limits counted across both instances (docs/decisions/027-operator-two-factor-and-lockouts.md):
     * per address (five unknown e-mails from one address, then the right password from it is refused), and
     * per account without locking the owner out (five addresses, one wrong password each, then the right
     * password from a clean address signs in).
     */
    async checkAdminLock(adminEmail, adminPassword) {
      const problems = [];
      const rows = {};
      const address = someAddress();
      const cases = [
        ['per account', (i) => ({ email: adminEmail, address: someAddress(), password: `errada-${i}` }), 200],
        [
          'per address',
          (i) => ({ email: `ninguem-${i}@impulso.example`, address, password: `errada-${i}` }),
          429,
        ],
      ];
      for (const [label, attempt, expected] of cases) {
        const tag = `lock ${label}`;
        const statuses = [];
        for (let i = 1; i <= 5; i++) {
          const { email, password, address: from } = attempt(i);
          statuses.push((await post('/api/admin/login', { email, password }, { tag, address: from })).status);
        }
        const sixth = attempt(6);
        const answer = await post(
          '/api/admin/login',
          { email: adminEmail, password: adminPassword },
          { tag, address: label === 'per account' ? someAddress() : sixth.address },
        );
        statuses.push(answer.status);
        const instances = upstreamsOf(tag).size;
        rows[label] = {
          statuses: statuses.join(' '),
          'instances answering': instances,
          sixth: answer.json?.code ?? answer.json?.email,
        };
        if (answer.status !== expected || (expected === 429 && answer.json?.code !== 'admin_blocked'))
          problems.push(`admin limit ${label}: the sixth attempt answered ${answer.status} ${answer.text}`);
        if (instances !== 2) problems.push(`admin limit ${label}: answered by ${instances} instance(s)`);
      }
      console.table(rows);
      return problems;
    },

    /** LOOKUP_LIMIT_PER_EMAIL (10 per 15 min) and LOOKUP_LIMIT_PER_IP (30) counted across both instances. */
    async checkLookupLimits() {
      const problems = [];
      const rows = {};
      const email = `limite-${randomBytes(4).toString('hex')}@exemplo.com`;
      const address = someAddress();
      const cases = [
        ['per e-mail', 10, () => ({ email, address: someAddress() })],
        ['per address', 30, (i) => ({ email: `limite-${i}-${email}`, address })],
      ];
      for (const [label, limit, lookup] of cases) {
        const tag = `lookup ${label}`;
        const statuses = {};
        let firstRefused = 0;
        for (let i = 1; i <= limit + 1; i++) {
          const { email: who, address: from } = lookup(i);
          const res = await post(
            '/api/orders/lookup',
            { email: who, code: 'ABC234' },
            { tag, address: from },
          );
          statuses[res.status] = (statuses[res.status] ?? 0) + 1;
          if (res.status === 429 && !firstRefused) firstRefused = i;
        }
        const instances = upstreamsOf(tag).size;
        rows[label] = { limit, 'first 429 at': firstRefused, answers: JSON.stringify(statuses), instances };
        if (firstRefused !== limit + 1)
          problems.push(`lookup ${label}: first 429 at ${firstRefused}, not ${limit + 1}`);
        if (instances !== 2) problems.push(`lookup ${label}: answered by ${instances} instance(s)`);
      }
      console.table(rows);
      return problems;
    },

    /** Both instances answered the journeys, and nginx alternated between them. */
    checkAlternation(ports) {
      const lines = logLines(accessLog).filter((l) => l.upstream !== '-');
      const a = lines.filter((l) => l.upstream.endsWith(`:${ports.a}`)).length;
      const b = lines.filter((l) => l.upstream.endsWith(`:${ports.b}`)).length;
      const switches = lines.filter((l, i) => i > 0 && l.upstream !== lines[i - 1].upstream).length;
      const errors = lines.filter((l) => l.status >= 500).length;
      console.table({
        'requests through nginx': {
          total: lines.length,
          'instance A': a,
          'instance B': b,
          'next one on the other instance': `${Math.round((100 * switches) / Math.max(1, lines.length - 1))} %`,
          '5xx': errors,
        },
      });
      const problems = [];
      if (Math.min(a, b) < lines.length * 0.3) problems.push(`one instance took few requests (${a} / ${b})`);
      if (errors) problems.push(`${errors} answers 5xx through the proxy`);
      return problems;
    },
  };
}
