import { createHash, randomBytes } from 'node:crypto';

/** An opaque random token for a cookie or a link, and the hash that is all the database keeps. */
export function newToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
