import type { Config } from './config';

// Readable log lines for a person at a terminal during development (docs/operations.md §8): the same
// records as the JSON lines, one line each, `12:34:56.789 INFO  message key=value`, time in UTC. Production,
// and output sent to a file or a pipe, keep the JSON lines.

const levels: Record<number, string> = {
  10: 'TRACE',
  20: 'DEBUG',
  30: 'INFO ',
  40: 'WARN ',
  50: 'ERROR',
  60: 'FATAL',
};
/** pino's own fields, shown in the line's head or left out. */
const hidden = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'err']);

const shown = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One JSON log record as a readable line; a line that is not a record is returned as it came. */
export function readableLogLine(json: string): string {
  let record: unknown;
  try {
    record = JSON.parse(json);
  } catch {
    return json;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return json;
  const fields = record as Record<string, unknown>;
  const time =
    typeof fields.time === 'number' ? new Date(fields.time).toISOString().slice(11, 23) : '--:--:--';
  const level = (typeof fields.level === 'number' && levels[fields.level]) || 'INFO ';
  const rest = Object.entries(fields)
    .filter(([key]) => !hidden.has(key))
    .map(([key, value]) => `${key}=${shown(value)}`);
  const head = [time, level, typeof fields.msg === 'string' ? fields.msg : '', ...rest].join(' ');
  const err = fields.err as { stack?: unknown; message?: unknown } | undefined;
  const stack = typeof err?.stack === 'string' && err.stack ? err.stack : err?.message;
  return typeof stack === 'string' ? `${head}\n${stack.replace(/^/gm, '    ')}` : head;
}

/**
 * The log's stream for this process: readable lines on a terminal outside production, nothing (pino's
 * JSON on stdout) otherwise.
 */
export function terminalLogStream(
  env: Config['env'],
  out: { isTTY?: boolean; write(text: string): unknown },
): { write(line: string): void } | undefined {
  if (env === 'production' || !out.isTTY) return undefined;
  return { write: (line) => void out.write(`${readableLogLine(line.trimEnd())}\n`) };
}
