import type { EventStage } from '../../shared/schemas/analytics-event';
import { readStorage, writeStorage } from './storage';

const sessionKey = 'analytics_session_id';
const visitorKey = 'visitor_tracked';

function sessionId(): string {
  let id = readStorage('session', sessionKey);
  if (!id) {
    id = crypto.randomUUID();
    writeStorage('session', sessionKey, id);
  }
  return id;
}

/**
 * Records a funnel event. Fire-and-forget: a failing call never blocks or slows the page
 * (docs/product.md#analytics-and-consent).
 */
export function track(etapa: EventStage): void {
  try {
    const body = JSON.stringify({
      etapa,
      sessionId: sessionId(),
      url: location.href.slice(0, 2000),
      referrer: document.referrer ? document.referrer.slice(0, 2000) : null,
    });
    // keepalive lets the request outlive a navigation, like sendBeacon, with a normal JSON body.
    void fetch('/api/events', {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json' },
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // Analytics errors are swallowed (docs/product.md#analytics-and-consent).
  }
}

/** The 'visitante' stage, once per browser session. */
export function trackVisitorOnce(): void {
  if (readStorage('session', visitorKey)) return;
  writeStorage('session', visitorKey, '1');
  track('visitante');
}
