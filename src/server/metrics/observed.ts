import type { Metrics } from './metrics';

type ErrorKind = 'failed' | 'refused';

/** An answer that came back but is not a success: the SMM panel's `add`/`cancel` outcomes (fulfilment/panel.ts). */
function answerError(result: unknown): ErrorKind | null {
  if (result === null || typeof result !== 'object' || !('kind' in result)) return null;
  if (result.kind === 'unknown' || result.kind === 'not_sent') return 'failed';
  return result.kind === 'refused' ? 'refused' : null;
}

/** A 4xx is the provider refusing what we sent (a declined card, a bad link); anything else failed. */
function thrownError(error: unknown): ErrorKind {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 ? 'refused' : 'failed';
}

/**
 * The one wrapper every outside provider's client goes through (Asaas, the SMM panel, SMTP; a WhatsApp
 * or NFS-e client is passed here the same way): each method that returns a promise is timed as
 * `operation` = its name, and its failures counted. Other members are left as they are. `onResult` sees
 * each success (the panel's balance gauge).
 */
export function observed<T extends object>(
  client: T,
  provider: string,
  metrics: Metrics,
  onResult?: (operation: string, result: unknown) => void,
): T {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(client, {
    get(target, key, receiver) {
      const member: unknown = Reflect.get(target, key, receiver);
      if (typeof member !== 'function' || typeof key !== 'string') return member;
      if (!wrapped.has(key)) wrapped.set(key, timed(target, key, member as (...a: unknown[]) => unknown));
      return wrapped.get(key);
    },
  });

  function timed(target: T, operation: string, method: (...args: unknown[]) => unknown) {
    const labels = { provider, operation };
    return (...args: unknown[]) => {
      const result = method.apply(target, args);
      if (!(result instanceof Promise)) return result;
      const stop = metrics.providers.duration.startTimer(labels);
      return result.then(
        (value: unknown) => {
          stop();
          const kind = answerError(value);
          if (kind) metrics.providers.errors.inc({ ...labels, kind });
          else onResult?.(operation, value);
          return value;
        },
        (error: unknown) => {
          stop();
          metrics.providers.errors.inc({ ...labels, kind: thrownError(error) });
          throw error;
        },
      );
    };
  }
}
