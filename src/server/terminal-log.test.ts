import { describe, expect, it } from 'vitest';
import { readableLogLine, terminalLogStream } from './terminal-log';

// docs/operations.md §8: readable lines at a terminal in development, JSON lines elsewhere.

const record = {
  level: 30,
  time: Date.UTC(2026, 0, 2, 12, 34, 56, 789),
  pid: 4242,
  hostname: 'loja',
  reqId: 'req-1',
  res: { statusCode: 200 },
  msg: 'request completed',
};

describe('the log at a terminal', () => {
  it('reads one record as a line: UTC time, level, message, then the other fields', () => {
    expect(readableLogLine(JSON.stringify(record))).toBe(
      '12:34:56.789 INFO  request completed reqId=req-1 res={"statusCode":200}',
    );
  });

  it("puts an error's stack under its line, and leaves what is not a record as it came", () => {
    const failed = {
      ...record,
      level: 50,
      msg: 'job failed',
      err: { message: 'boom', stack: 'Error: boom\n    at x' },
    };
    expect(readableLogLine(JSON.stringify(failed))).toBe(
      '12:34:56.789 ERROR job failed reqId=req-1 res={"statusCode":200}\n    Error: boom\n        at x',
    );
    expect(readableLogLine('not json')).toBe('not json');
  });

  it('is used only on a terminal outside production', () => {
    const written: string[] = [];
    const tty = { isTTY: true, write: (text: string) => written.push(text) };
    expect(terminalLogStream('production', tty)).toBeUndefined();
    expect(terminalLogStream('development', { ...tty, isTTY: false })).toBeUndefined();
    terminalLogStream('development', tty)!.write(`${JSON.stringify(record)}\n`);
    expect(written).toEqual(['12:34:56.789 INFO  request completed reqId=req-1 res={"statusCode":200}\n']);
  });
});
