import { hash } from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashPassword, shopHashOptions, verifyPassword } from './passwords';

describe('password hashes (docs/product.md#security, ADR 061)', () => {
  it("the shop hashes with argon2id at OWASP's minimum: 19 MiB, two passes, one lane", () => {
    expect(shopHashOptions).toEqual({ algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  });

  it('under vitest the same algorithm at its smallest cost, which the hash carries', async () => {
    const made = await hashPassword('uma senha longa o bastante');
    expect(made).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    expect(await verifyPassword(made, 'uma senha longa o bastante')).toBe(true);
    expect(await verifyPassword(made, 'outra senha')).toBe(false);
  });

  it("a hash made at the shop's cost verifies the same way", async () => {
    const stored = await hash('uma senha longa o bastante', shopHashOptions);
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(stored, 'uma senha longa o bastante')).toBe(true);
    expect(await verifyPassword(stored, 'outra senha')).toBe(false);
  });
});
