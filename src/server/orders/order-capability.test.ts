import { describe, expect, it } from 'vitest';
import { signOrderToken, verifyOrderToken } from './order-capability';

const secret = 'a-secret-of-the-shop-0123456789abcdef';
const orderId = '3f0c2b9e-6a57-4d3b-9a43-1c3f9e7d2a10';
const now = new Date('2026-11-25T12:00:00Z');
const inADay = new Date(now.getTime() + 86_400_000);

describe('order tokens (ADR 026)', () => {
  it('a token verifies for its order until it expires', () => {
    const token = signOrderToken(secret, orderId, inADay);
    expect(verifyOrderToken(secret, token, orderId, now)).toBe(true);
    expect(verifyOrderToken(secret, token, orderId, new Date(inADay.getTime() - 1000))).toBe(true);
    expect(verifyOrderToken(secret, token, orderId, inADay)).toBe(false);
  });

  it('refuses another order, another secret, a tampered payload or signature, and garbage', () => {
    const token = signOrderToken(secret, orderId, inADay);
    const [payload, mac] = token.split('.') as [string, string];
    const otherOrder = '3f0c2b9e-6a57-4d3b-9a43-1c3f9e7d2a11';
    expect(verifyOrderToken(secret, token, otherOrder, now)).toBe(false);
    expect(verifyOrderToken(`${secret}x`, token, orderId, now)).toBe(false);
    const longer = Buffer.from(`${orderId}.${Math.floor(inADay.getTime() / 1000) + 999_999}`).toString(
      'base64url',
    );
    expect(verifyOrderToken(secret, `${longer}.${mac}`, orderId, now)).toBe(false);
    expect(verifyOrderToken(secret, `${payload}.${mac.slice(0, -2)}AA`, orderId, now)).toBe(false);
    for (const junk of ['', '.', 'a.b', `${token}.x`, 'x'.repeat(500)])
      expect(verifyOrderToken(secret, junk, orderId, now)).toBe(false);
  });

  it('carries the order id and expiry in base64url and at least 128 bits of HMAC', () => {
    const token = signOrderToken(secret, orderId, inADay);
    const [payload, mac] = token.split('.') as [string, string];
    expect(Buffer.from(payload, 'base64url').toString()).toBe(`${orderId}.${inADay.getTime() / 1000}`);
    expect(Buffer.from(mac, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
  });
});
