import { useEffect, useRef } from 'react';

/**
 * Calls `poll` every `intervalMs` until it returns true or `maxMs` passes, skipping a tick while the
 * previous call is still in flight (the WhatsApp page and the PIX screen,
 * docs/product.md#payment-confirmation).
 */
export function usePolling(poll: () => Promise<boolean>, intervalMs: number, maxMs: number, enabled = true) {
  const pollRef = useRef(poll);
  pollRef.current = poll;
  useEffect(() => {
    if (!enabled) return;
    let inFlight = false;
    let stopped = false;
    const started = Date.now();
    const timer = window.setInterval(async () => {
      if (inFlight || stopped) return;
      if (Date.now() - started > maxMs) {
        window.clearInterval(timer);
        return;
      }
      inFlight = true;
      try {
        if (await pollRef.current()) {
          stopped = true;
          window.clearInterval(timer);
        }
      } catch {
        // Polling errors are only logged (docs/product.md#payment-confirmation); the next tick tries again.
      } finally {
        inFlight = false;
      }
    }, intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs, maxMs, enabled]);
}
