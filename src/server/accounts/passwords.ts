import { hash, verify } from '@node-rs/argon2';

// docs/product.md#security: argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's minimum; ~30–65 ms here).
export const shopHashOptions = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// Under vitest (which sets VITEST in its workers) argon2id at a cost of 1 MiB and one pass: the integration
// files hash and verify hundreds of passwords, 12 % of their time at the shop's cost (ADR 061). A hash
// carries its own cost, so nothing made here is verified any differently.
const testHashOptions = { algorithm: 2, memoryCost: 1024, timeCost: 1, parallelism: 1 } as const;
const options = process.env.VITEST === 'true' ? testHashOptions : shopHashOptions;

export const hashPassword = (password: string) => hash(password, options);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the e-mail is unknown keeps the answer time the same either way. */
export const dummyHash = await hashPassword('impulso-dummy-password');
