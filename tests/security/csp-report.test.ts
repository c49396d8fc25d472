import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/test-app';

// Issue 14 §9: the browser reports what the Content-Security-Policy blocked; we log it, rate-limited.

const lines: string[] = [];
let app: TestApp;
beforeAll(async () => {
  app = await createTestApp({ LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => app.close());

const report = (body: string, contentType: string, ip = '203.0.113.7') =>
  app.server.inject({
    method: 'POST',
    url: '/api/csp-report',
    headers: { 'content-type': contentType },
    remoteAddress: ip,
    payload: body,
  });
const logged = () =>
  lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'content security policy violation');

describe('CSP violation reports', () => {
  it('every page asks the browser to report to /api/csp-report', async () => {
    const res = await app.server.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain('report-uri /api/csp-report');
  });

  it('logs a report-uri report and a Reporting API report as warnings', async () => {
    const legacy = await report(
      JSON.stringify({
        'csp-report': {
          'document-uri': 'http://loja.example/checkout',
          'violated-directive': 'script-src-elem',
          'effective-directive': 'script-src-elem',
          'blocked-uri': 'https://evil.example/x.js',
          'source-file': 'http://loja.example/checkout',
          'line-number': 12,
        },
      }),
      'application/csp-report',
    );
    expect(legacy.statusCode).toBe(204);
    const modern = await report(
      JSON.stringify([
        {
          type: 'csp-violation',
          url: 'http://loja.example/signup',
          body: {
            documentURL: 'http://loja.example/signup',
            effectiveDirective: 'script-src',
            blockedURL: 'eval',
            sourceFile: 'http://loja.example/assets/a.js',
            lineNumber: 1,
          },
        },
      ]),
      'application/reports+json',
    );
    expect(modern.statusCode).toBe(204);
    expect(logged().map((entry) => entry.csp)).toEqual([
      {
        document: 'http://loja.example/checkout',
        directive: 'script-src-elem',
        blocked: 'https://evil.example/x.js',
        source: 'http://loja.example/checkout',
        line: '12',
      },
      {
        document: 'http://loja.example/signup',
        directive: 'script-src',
        blocked: 'eval',
        source: 'http://loja.example/assets/a.js',
        line: '1',
      },
    ]);
  });

  it('refuses what is not a report with a 400, and a flood with a 429, logging neither', async () => {
    const before = logged().length;
    expect((await report('{not json', 'application/csp-report')).statusCode).toBe(400);
    expect((await report('{"hello": 1}', 'application/csp-report')).statusCode).toBe(400);
    const body = JSON.stringify({ 'csp-report': { 'blocked-uri': 'inline' } });
    const answers = [];
    for (let i = 0; i < 35; i++)
      answers.push((await report(body, 'application/csp-report', '198.51.100.9')).statusCode);
    expect(answers.filter((s) => s === 204)).toHaveLength(30);
    expect(answers.slice(30)).toEqual([429, 429, 429, 429, 429]);
    // The same directive and blocked URL is one line a minute, however many reports carry it.
    expect(logged().length - before).toBe(1);
  });

  it('one line per report, however many violations it holds (issue 24 §10)', async () => {
    const before = logged().length;
    const violation = (i: number) => ({
      type: 'csp-violation',
      url: 'http://loja.example/',
      body: {
        documentURL: 'http://loja.example/',
        effectiveDirective: 'img-src',
        blockedURL: `https://rastreio.example/${i}.gif`,
      },
    });
    const twenty = JSON.stringify(Array.from({ length: 20 }, (_, i) => violation(i)));
    expect((await report(twenty, 'application/reports+json', '192.0.2.20')).statusCode).toBe(204);
    expect(logged().length - before).toBe(1);
    expect(logged().at(-1)).toMatchObject({ violations: 20, csp: { directive: 'img-src' } });
    // Sent again within the minute, from another address: nothing new to say.
    expect((await report(twenty, 'application/reports+json', '192.0.2.21')).statusCode).toBe(204);
    expect(logged().length - before).toBe(1);
  });
});
