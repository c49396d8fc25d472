import type { CspViolation } from '../../shared/schemas/csp-report';

const windowMs = 60_000;
/** Keys remembered per window: a flood of distinct URLs cannot grow the set without bound. */
const maxKeys = 10_000;

/** Keeps the violations whose directive and blocked URL were not seen in the current minute. */
export function newViolationsFilter(now: () => number = Date.now) {
  let windowStart = 0;
  const seen = new Set<string>();
  return (violations: CspViolation[]): CspViolation[] => {
    if (now() - windowStart >= windowMs) {
      seen.clear();
      windowStart = now();
    }
    return violations.filter((violation) => {
      const key = `${violation.directive}\u0001${violation.blocked}`;
      if (seen.has(key)) return false;
      if (seen.size < maxKeys) seen.add(key);
      return true;
    });
  };
}
