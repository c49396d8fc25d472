import { describe, expect, it } from 'vitest';
import { verdictOf, verdictOfFailure } from './smm-verdict';

// tests/fake-smm/CONTRACT.md, S9–S12: one reading of a panel's answer for every action.

describe('verdictOf', () => {
  it('an answer with HTTP 200 is done; `{error}` with 200 or a 4xx is the panel refusing', () => {
    expect(verdictOf('add', 200, '{"order":23501}')).toEqual({ kind: 'done', body: { order: 23501 } });
    for (const status of [200, 400, 402, 403, 404])
      expect(verdictOf('add', status, '{"error":"Bad Link"}')).toEqual({
        kind: 'refused',
        status,
        message: 'Bad Link',
      });
    // A 4xx without the body (a wrong path's HTML page) was not done either.
    expect(verdictOf('balance', 404, '<html>Not Found</html>')).toEqual({
      kind: 'refused',
      status: 404,
      message: 'HTTP 404',
    });
  });

  it('a 429 was not done: try again; a 5xx or an unreadable answer may have been: unknown', () => {
    expect(verdictOf('add', 429, '{"error":"Too many requests"}')).toEqual({
      kind: 'retry',
      message: 'add: Too many requests',
    });
    expect(verdictOf('add', 503, '{"error":"Service temporarily unavailable"}')).toEqual({
      kind: 'unknown',
      message: 'add: Service temporarily unavailable',
    });
    expect(verdictOf('add', 500, '<html>Internal Server Error</html>')).toEqual({
      kind: 'unknown',
      message: 'add: HTTP 500',
    });
    expect(verdictOf('add', 200, '{"order": 23')).toEqual({ kind: 'unknown', message: 'add: HTTP 200' });
  });
});

describe('verdictOfFailure', () => {
  it('a connection refused never left (try again); a timeout or a cut connection may have (unknown)', () => {
    const refused = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } });
    expect(verdictOfFailure('add', refused)).toEqual({ kind: 'retry', message: 'add: ECONNREFUSED' });
    const reset = Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
    expect(verdictOfFailure('cancel', reset)).toEqual({ kind: 'unknown', message: 'cancel: ECONNRESET' });
    const timeout = new DOMException('The operation was aborted due to timeout', 'TimeoutError');
    expect(verdictOfFailure('add', timeout)).toEqual({ kind: 'unknown', message: 'add: TimeoutError' });
  });
});
