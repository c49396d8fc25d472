import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { handleError } from './errors';
import { isDatabaseUnavailable, retryWhileUnavailable } from './db/unavailable';

// Issue 14 §2: a database that went away is a 503 the client may retry, never a 500 with a stack.

const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: insert into orders …'), { cause });
const terminated = Object.assign(new Error('terminating connection due to administrator command'), {
  code: '57P01',
});

describe('isDatabaseUnavailable', () => {
  it('knows a terminated, refused or lost connection, also wrapped by Drizzle', () => {
    expect(isDatabaseUnavailable(wrapped(terminated))).toBe(true);
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('x'), { code: '08006' }))).toBe(true);
  });

  it('leaves real bugs and bad data alone', () => {
    expect(isDatabaseUnavailable(wrapped(Object.assign(new Error('dup'), { code: '23505' })))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('x is undefined'))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });

  it('answers 503 in Portuguese with Retry-After', async () => {
    const app = Fastify();
    app.setErrorHandler(handleError);
    app.get('/x', async () => {
      throw wrapped(terminated);
    });
    const res = await app.inject({ method: 'GET', url: '/x' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('2');
    expect(res.json()).toEqual({
      code: 'service_unavailable',
      message: 'Sistema temporariamente indisponível. Tente novamente em alguns minutos.',
    });
  });
});

describe('retryWhileUnavailable', () => {
  it('writes again while the database is away, and gives up on anything else at once', async () => {
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls < 3) throw new Error('Connection terminated unexpectedly');
      return 'written';
    };
    expect(await retryWhileUnavailable(flaky)).toBe('written');
    expect(calls).toBe(3);
    let bugCalls = 0;
    await expect(
      retryWhileUnavailable(async () => {
        bugCalls += 1;
        throw new TypeError('x is undefined');
      }),
    ).rejects.toThrow(TypeError);
    expect(bugCalls).toBe(1);
  });
});
