import { invoiceViewOf } from '../invoices/buyer-invoice';
import { invoicesRepo } from '../invoices/invoices.repo';
import { messages } from '../../shared/messages';
import { formatPurchaseCode } from '../../shared/orders';
import type { AccountOrder, AccountUser } from '../../shared/schemas/accounts';
import { signupAttemptEmail } from '../email/templates';
import { AppError } from '../errors';
import { deliveriesRepo } from '../fulfilment/deliveries.repo';
import { toDeliveryView } from '../fulfilment/delivery-views';
import { planMonthLines } from '../../shared/plan-month';
import { enqueue } from '../jobs/job-queue';
import { accountsRepo } from './accounts.repo';
import { createEmailLinks, type EmailAsker, type EmailLinksDeps } from './email-links';
import { dummyHash, hashPassword, verifyPassword } from './passwords';
import { sessionDays } from './session';
import { hashToken, newToken } from './tokens';
import type { OrderRow, StandInRow, UserRow } from '../db/schema';
import type { SignedIn } from './signed-in';
import { planViewOf } from '../subscriptions/plan-view';
import type { PlanView } from '../../shared/schemas/order-view';
import { standInsRepo } from './stand-ins.repo';

export interface AccountsDeps extends EmailLinksDeps {
  /** The operator's and the shop's own addresses: never a customer account. */
  reservedEmails: readonly string[];
}

export const toAccountUser = (user: UserRow): AccountUser => ({
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerifiedAt !== null,
});

const standInUser = (standIn: StandInRow): AccountUser => ({
  id: standIn.id,
  name: standIn.name,
  email: standIn.email,
  emailVerified: false,
});

/** The signed-in customer as the pages see it. */
export const accountUserOf = (who: SignedIn): AccountUser =>
  who.kind === 'account' ? toAccountUser(who.user) : standInUser(who.standIn);

export function createAccountsService(deps: AccountsDeps) {
  const { db, clock } = deps;

  /** A session of an account or of a stand-in: the cookie works the same either way. */
  async function startSession(owner: { userId: string } | { standInId: string }): Promise<string> {
    const { token, hash } = newToken();
    const now = clock();
    const expiresAt = new Date(now.getTime() + sessionDays * 86_400_000);
    if ('userId' in owner)
      await accountsRepo.insertSession(db, {
        tokenHash: hash,
        userId: owner.userId,
        createdAt: now,
        expiresAt,
      });
    else await standInsRepo.insertSession(db, { tokenHash: hash, standInId: owner.standInId, expiresAt });
    return token;
  }

  const links = createEmailLinks(deps);

  return {
    ...links.flows,
    /**
     * A new account is signed in at once (docs/product.md#accounts). An address that has an account, or one
     * of the shop's own, gets a stand-in instead: the same answer, a session that works like a new unverified
     * account's and owns nothing of the address, and the address's owner an e-mail (docs/security.md).
     */
    /** `stranger`: who asks, should the address be taken (its owner is then e-mailed, issue 42 §3). */
    async signup(input: { name: string; email: string; password: string }, stranger: EmailAsker) {
      const passwordHash = await hashPassword(input.password);
      const now = clock();
      const user = deps.reservedEmails.includes(input.email)
        ? undefined
        : await accountsRepo.insertUser(db, {
            name: input.name,
            email: input.email,
            passwordHash,
            createdAt: now,
          });
      // A new account's verification is its own ask; a taken address's owner is told of a stranger's.
      const withinLimit = await links.withinEmailLimit(input.email, user ? { kind: 'own' } : stranger);
      if (user) {
        if (withinLimit) await links.sendVerification(user);
        return { user: toAccountUser(user), token: await startSession({ userId: user.id }) };
      }
      if (withinLimit) await enqueue(db, 'send_email', { ...signupAttemptEmail(deps.shop, input.email) });
      const standIn = await standInsRepo.insert(db, { ...input, passwordHash, createdAt: now });
      return { user: standInUser(standIn), token: await startSession({ standInId: standIn.id }) };
    },

    /**
     * Customers only: the operator signs in at /admin/login, under its lock (issue 9 §2). The account's
     * password and its newest stand-in's are checked side by side, so both answers take the same time.
     */
    async login(input: { email: string; password: string }) {
      const [found, standIn] = await Promise.all([
        accountsRepo.findUserByEmail(db, input.email),
        standInsRepo.latestFor(db, input.email),
      ]);
      const user = found?.role === 'customer' ? found : undefined;
      const [valid, standInValid] = await Promise.all([
        verifyPassword(user?.passwordHash ?? dummyHash, input.password),
        verifyPassword(standIn?.passwordHash ?? dummyHash, input.password),
      ]);
      if (user && valid) return { user: toAccountUser(user), token: await startSession({ userId: user.id }) };
      if (standIn && standInValid)
        return { user: standInUser(standIn), token: await startSession({ standInId: standIn.id }) };
      throw new AppError('unauthenticated', 'login_failed', messages.login_failed);
    },

    async logout(token: string | undefined) {
      if (!token) return;
      await accountsRepo.deleteSession(db, hashToken(token));
      await standInsRepo.deleteSession(db, hashToken(token));
    },

    /** As for a new account: counted against the address's hourly limit; nothing is sent. */
    async resendFor(who: SignedIn) {
      if (who.kind === 'account') return links.flows.resendVerification(who.user);
      await links.countEmail(who.standIn.email, { kind: 'own' });
    },

    /** The account's orders, newest first, and each of its plans as the buyer follows it (issue 43). */
    async ordersOf(who: SignedIn): Promise<{ orders: AccountOrder[]; plans: PlanView[] }> {
      const rows =
        who.kind === 'account'
          ? await accountsRepo.ordersFor(db, who.user)
          : await accountsRepo.ordersByIds(db, who.standIn.orderIds);
      // A plan's paid months show their deliveries: one read for all of them.
      const paidMonths = rows
        .filter((o) => o.service === 'recurring' && o.paymentStatus === 'paid')
        .map((o) => o.id);
      const deliveries = (await deliveriesRepo.listForOrders(db, paidMonths)).map((d) => ({
        orderId: d.orderId,
        view: toDeliveryView(d),
      }));
      const now = clock();
      const invoices = await invoicesRepo.forOrders(
        db,
        rows.map((o) => o.id),
      );
      const orders = rows.map((o) => ({
        ...accountOrder(o),
        invoice: invoiceViewOf(
          invoices.find((i) => i.orderId === o.id),
          true,
        ),
        planMonth: paidMonths.includes(o.id)
          ? planMonthLines(
              deliveries.filter((d) => d.orderId === o.id).map((d) => d.view),
              now,
            )
          : null,
      }));
      const subscriptionIds = [...new Set(rows.flatMap((o) => (o.subscriptionId ? [o.subscriptionId] : [])))];
      const plans = (await Promise.all(subscriptionIds.map((id) => planViewOf(db, id)))).filter(
        (plan): plan is PlanView => plan !== null,
      );
      return { orders, plans };
    },
  };
}

const accountOrder = (o: OrderRow): Omit<AccountOrder, 'planMonth' | 'invoice'> => ({
  id: o.id,
  purchaseCode: formatPurchaseCode(o.purchaseCode),
  service: o.service,
  planId: o.planId,
  quantity: o.quantity,
  totalCents: o.totalCents,
  status: o.status,
  paymentStatus: o.paymentStatus,
  createdAt: o.createdAt.toISOString(),
  subscriptionId: o.subscriptionId,
});

export type AccountsService = ReturnType<typeof createAccountsService>;
