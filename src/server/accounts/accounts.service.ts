import { messages } from '../../shared/messages';
import { formatPurchaseCode, type OrderStatus, type PaymentStatus } from '../../shared/orders';
import type { AccountOrder, AccountUser } from '../../shared/schemas/accounts';
import type { Db } from '../db/client';
import { passwordResetEmail, verifyEmail } from '../email/templates';
import { AppError } from '../errors';
import { enqueue } from '../jobs/job-queue';
import { accountsRepo, type UserRow } from './accounts.repo';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { sessionDays } from './session';
import { hashToken, newToken } from './tokens';

export interface AccountsDeps {
  db: Db;
  clock: () => Date;
  shop: { name: string; publicUrl: string };
}

export const toAccountUser = (user: UserRow): AccountUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
});

export function createAccountsService(deps: AccountsDeps) {
  const { db, clock } = deps;

  async function startSession(userId: string): Promise<string> {
    const { token, hash } = newToken();
    const now = clock();
    await accountsRepo.insertSession(db, {
      tokenHash: hash,
      userId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + sessionDays * 86_400_000),
    });
    return token;
  }

  async function sendToken(user: UserRow, purpose: 'verify' | 'reset', lifetimeMs: number) {
    const { token, hash } = newToken();
    await accountsRepo.insertToken(db, {
      tokenHash: hash,
      userId: user.id,
      purpose,
      expiresAt: new Date(clock().getTime() + lifetimeMs),
    });
    const email =
      purpose === 'verify'
        ? verifyEmail(deps.shop, user.email, user.name, token)
        : passwordResetEmail(deps.shop, user.email, token);
    await enqueue(db, 'send_email', { ...email });
  }

  return {
    async signup(input: { name: string; email: string; password: string }) {
      const user = await accountsRepo.insertUser(db, {
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        createdAt: clock(),
      });
      if (!user) throw new AppError('conflict', 'email_taken', messages.email_taken, { field: 'email' });
      await sendToken(user, 'verify', 7 * 86_400_000);
      return { user: toAccountUser(user), token: await startSession(user.id) };
    },

    async login(input: { email: string; password: string }) {
      const user = await accountsRepo.findUserByEmail(db, input.email);
      const valid = await verifyPassword(user?.passwordHash ?? dummyHash, input.password);
      if (!user || !valid) throw new AppError('unauthenticated', 'login_failed', messages.login_failed);
      return { user: toAccountUser(user), token: await startSession(user.id) };
    },

    async logout(token: string | undefined) {
      if (token) await accountsRepo.deleteSession(db, hashToken(token));
    },

    async verifyEmail(token: string) {
      const userId = await accountsRepo.consumeToken(db, hashToken(token), 'verify', clock());
      if (!userId) throw new AppError('invalid_input', 'token_invalid', messages.token_invalid);
      await accountsRepo.markVerified(db, userId, clock());
    },

    async resendVerification(user: UserRow) {
      if (!user.emailVerifiedAt) await sendToken(user, 'verify', 7 * 86_400_000);
    },

    /** Same answer whether or not the e-mail has an account. */
    async requestReset(email: string) {
      const user = await accountsRepo.findUserByEmail(db, email);
      if (user) await sendToken(user, 'reset', 60 * 60 * 1000);
    },

    /** Single use, one hour; every session of the account ends (whoever had the old password is out). */
    async confirmReset(token: string, password: string) {
      const userId = await accountsRepo.consumeToken(db, hashToken(token), 'reset', clock());
      if (!userId) throw new AppError('invalid_input', 'token_invalid', messages.token_invalid);
      await accountsRepo.setPassword(db, userId, await hashPassword(password));
      await accountsRepo.deleteSessionsOf(db, userId);
    },

    async orders(user: UserRow): Promise<AccountOrder[]> {
      const rows = await accountsRepo.ordersFor(db, user);
      return rows.map((o) => ({
        id: o.id,
        purchaseCode: formatPurchaseCode(o.purchaseCode),
        service: o.service as AccountOrder['service'],
        planId: o.planId,
        quantity: o.quantity,
        totalCents: o.totalCents,
        status: o.status as OrderStatus,
        paymentStatus: o.paymentStatus as PaymentStatus,
        createdAt: o.createdAt.toISOString(),
      }));
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
