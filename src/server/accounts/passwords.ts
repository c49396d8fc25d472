import { hash, verify } from '@node-rs/argon2';

// docs/product.md#security: argon2id, m = 19 MiB, t = 2, p = 1 (OWASP's minimum; ~30–65 ms here).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

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
