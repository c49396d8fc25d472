import { describe, expect, it } from 'vitest';
import { payments } from './schema/index.ts';
import { rowFromJson } from './json-row.ts';

const stored = {
  id: '0b7d6f0e-3c1a-4a57-9d59-2f1d7e0c9a11',
  seq: 7,
  order_id: '6a1c1a8e-8d0b-4c3e-a1a4-54f7a1b2c3d4',
  provider: 'asaas',
  provider_payment_id: 'pay_123',
  provider_installment_id: null,
  method: 'pix',
  status: 'creating',
  amount_cents: 8590,
  pix_payload: null,
  pix_image_base64: null,
  checkout_url: null,
  expires_at: null,
  checked_at: null,
  answer_lost_at: null,
  expiry_queued_at: null,
  reminder_queued_at: null,
  created_at: '2026-11-27T14:00:00.123+00:00',
  updated_at: '2026-11-27T14:00:00.123+00:00',
};

describe('rowFromJson', () => {
  it('gives the row as Drizzle would: camelCase keys, Dates for timestamps', () => {
    const row = rowFromJson(payments, stored);
    expect(row.orderId).toBe(stored.order_id);
    expect(row.amountCents).toBe(8590);
    expect(row.createdAt).toEqual(new Date('2026-11-27T14:00:00.123Z'));
    expect(row.expiresAt).toBeNull();
  });

  it('refuses a row whose column is not of its declared type', () => {
    expect(() => rowFromJson(payments, { ...stored, amount_cents: '8590' })).toThrow(/payments/);
    expect(() => rowFromJson(payments, { ...stored, created_at: 'yesterday' })).toThrow(/payments/);
  });

  it('refuses a row missing a column that cannot be null', () => {
    const { status: _status, ...withoutStatus } = stored;
    expect(() => rowFromJson(payments, withoutStatus)).toThrow(/payments/);
  });
});
