import { describe, expect, it } from 'vitest';
import { parseAsaasDate } from './asaas-fields';

describe('parseAsaasDate', () => {
  it('reads Asaas wall time as São Paulo time', () => {
    expect(parseAsaasDate('2026-11-22 23:59:59').toISOString()).toBe('2026-11-23T02:59:59.000Z');
  });
  it('keeps an explicit offset', () => {
    expect(parseAsaasDate('2026-11-22T10:00:00Z').toISOString()).toBe('2026-11-22T10:00:00.000Z');
  });
  it('treats a bare date as the end of that São Paulo day', () => {
    expect(parseAsaasDate('2026-11-22').toISOString()).toBe('2026-11-23T02:59:59.000Z');
  });
});
