import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import type { StandInRow, UserRow } from '../db/schema';
import { AppError } from '../errors';
import { sessionToken, sessionUser } from './session';
import { standInsRepo } from './stand-ins.repo';
import { hashToken } from './tokens';

/** Who a customer session belongs to: an account, or the stand-in of a taken address. */
export type SignedIn = { kind: 'account'; user: UserRow } | { kind: 'standIn'; standIn: StandInRow };

export async function signedIn(db: Db, request: FastifyRequest, now: Date): Promise<SignedIn | undefined> {
  const user = await sessionUser(db, request, now);
  if (user) return { kind: 'account', user };
  const token = sessionToken(request);
  if (!token || token.length > 100) return undefined;
  const standIn = await standInsRepo.forSession(db, hashToken(token), now);
  return standIn ? { kind: 'standIn', standIn } : undefined;
}

export async function requireSignedIn(db: Db, request: FastifyRequest, now: Date): Promise<SignedIn> {
  const who = await signedIn(db, request, now);
  if (!who) throw new AppError('unauthenticated', 'unauthenticated');
  return who;
}
