import { randomUUID } from 'node:crypto';
import { messages } from '../../shared/messages';
import { formatPurchaseCode, type OrderStatus, type PaymentStatus } from '../../shared/orders';
import type { AccountOrder, AccountUser } from '../../shared/schemas/accounts';
import { signupAttemptEmail } from '../email/templates';
import { AppError } from '../errors';
import { enqueue } from '../jobs/job-queue';
import { accountsRepo } from './accounts.repo';
import { createEmailLinks, type EmailLinksDeps } from './email-links';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { sessionDays } from './session';
import { hashToken, newToken } from './tokens';
import type { UserRow } from '../db/schema';

export interface AccountsDeps extends EmailLinksDeps {
  /** The operator's address: never a customer account (DECISIONS 30). */
  adminEmail: string;
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

  const links = createEmailLinks(deps);

  return {
    ...links.flows,
    /**
     * A new account is signed in at once (spec §6). An address that has an account, or the operator's,
     * gets the same answer with a session cookie that opens nothing, and its owner an e-mail (issue 9 §10).
     */
    async signup(input: { name: string; email: string; password: string }) {
      const passwordHash = await hashPassword(input.password);
      const user =
        input.email === deps.adminEmail
          ? undefined
          : await accountsRepo.insertUser(db, {
              name: input.name,
              email: input.email,
              passwordHash,
              createdAt: clock(),
            });
      if (!user) {
        if (await links.withinEmailLimit(input.email))
          await enqueue(db, 'send_email', { ...signupAttemptEmail(deps.shop, input.email) });
        const standIn: AccountUser = {
          id: randomUUID(),
          name: input.name,
          email: input.email,
          emailVerified: false,
        };
        return { user: standIn, token: newToken().token };
      }
      if (await links.withinEmailLimit(user.email)) await links.sendVerification(user);
      return { user: toAccountUser(user), token: await startSession(user.id) };
    },

    /** Customers only: the operator signs in at /admin/login, under its lock (issue 9 §2). */
    async login(input: { email: string; password: string }) {
      const found = await accountsRepo.findUserByEmail(db, input.email);
      const user = found?.role === 'customer' ? found : undefined;
      const valid = await verifyPassword(user?.passwordHash ?? dummyHash, input.password);
      if (!user || !valid) throw new AppError('unauthenticated', 'login_failed', messages.login_failed);
      return { user: toAccountUser(user), token: await startSession(user.id) };
    },

    async logout(token: string | undefined) {
      if (token) await accountsRepo.deleteSession(db, hashToken(token));
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
