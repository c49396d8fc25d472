import { randomUUID } from 'node:crypto';
import { messages } from '../../shared/messages';
import type { UserRow } from '../db/schema';
import { passwordResetEmail, verifyEmail } from '../email/templates';
import { AppError } from '../errors';
import { enqueue } from '../jobs/job-queue';
import type { Db } from '../db/client';
import type { RateLimiter } from '../rate-limit/rate-limiter';
import type { FloodWatch } from '../owner-alerts/flood-watch';
import { accountsRepo } from './accounts.repo';
import { hashPassword } from './passwords';
import { assertOperatorPassword } from './password-policy';
import { hashToken, newToken } from './tokens';

const verifyLifetimeMs = 7 * 86_400_000;
const resetLifetimeMs = 60 * 60 * 1000;

export interface EmailLinksDeps {
  db: Db;
  clock: () => Date;
  shop: { name: string; publicUrl: string };
  rateLimiter: RateLimiter;
  /** Verification and reset e-mails per address per hour, for its own asker and for each stranger. */
  emailsPerHour: number;
  floods: FloodWatch;
}

/**
 * Who asks for an e-mail to an address (issue 42 §3): its own account's session, or a browser that signed
 * in to it before (accounts/known-device.ts); or anyone else, by their client's key.
 */
export type EmailAsker = { kind: 'own' } | { kind: 'stranger'; client: string };

/** E-mails strangers may have sent to one address in an hour, all together, before they send none. */
export const strangerEmailsPerAddressPerHour = 10;

/** E-mailed links of an account: verification and password reset, with their per-address limit. */
export function createEmailLinks(deps: EmailLinksDeps) {
  const { db, clock, rateLimiter } = deps;

  /**
   * Counts an e-mail to `address`; throws the pt-BR 429 over a limit. The owner's own asks have their own
   * count, which strangers cannot fill; each stranger has one of theirs, and all strangers together at
   * most `strangerEmailsPerAddressPerHour` (a mailbox flooded from many addresses), which the owner hears of.
   */
  async function countEmail(address: string, asker: EmailAsker) {
    const to = rateLimiter.clientKey(address);
    const hit = (key: string, limit: number) => rateLimiter.hit(key, limit, 3600, 'account_emails_limited');
    if (asker.kind === 'own') return hit(`account-email-own:${to}`, deps.emailsPerHour);
    await hit(`account-email:${to}:${asker.client}`, deps.emailsPerHour);
    await deps.floods('account_emails', address, address);
    await hit(`account-email-strangers:${to}`, strangerEmailsPerAddressPerHour);
  }

  /** The same, for e-mails whose refusal must not show in the answer (signup): over the limit, none. */
  async function withinEmailLimit(address: string, asker: EmailAsker): Promise<boolean> {
    try {
      await countEmail(address, asker);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.kind === 'rate_limited') return false;
      throw error;
    }
  }

  async function newEmailToken(userId: string, purpose: 'verify' | 'reset', lifetimeMs: number) {
    const { token, hash } = newToken();
    await accountsRepo.insertToken(db, {
      tokenHash: hash,
      userId,
      purpose,
      expiresAt: new Date(clock().getTime() + lifetimeMs),
    });
    return token;
  }

  async function sendVerification(user: UserRow) {
    const token = await newEmailToken(user.id, 'verify', verifyLifetimeMs);
    await enqueue(db, 'send_email', { ...verifyEmail(deps.shop, user.email, user.name, token) });
  }

  return {
    countEmail,
    withinEmailLimit,
    sendVerification,
    /** What the routes call. */
    flows: {
      /**
       * Confirms the address and ends every session opened by someone else (issue 9 §6): whoever signed up
       * with a buyer's address cannot read the buyer's orders once the buyer confirms it. Clicked outside
       * the account's own session, the password is voided too and a reset token comes back, so the one
       * who holds the mailbox sets the password.
       */
      async verifyEmail(
        token: string,
        sessionToken: string | undefined,
      ): Promise<{ resetToken: string | null }> {
        const now = clock();
        return db.transaction(async (tx) => {
          const userId = await accountsRepo.consumeToken(tx, hashToken(token), 'verify', now);
          if (!userId) throw new AppError('invalid_input', 'token_invalid', messages.token_invalid);
          await accountsRepo.markVerified(tx, userId, now);
          const current = sessionToken
            ? await accountsRepo.userForSession(tx, hashToken(sessionToken), now)
            : undefined;
          if (current?.id === userId) {
            await accountsRepo.deleteSessionsOf(tx, userId, hashToken(sessionToken!));
            return { resetToken: null };
          }
          await accountsRepo.deleteSessionsOf(tx, userId);
          await accountsRepo.setPassword(tx, userId, `void:${randomUUID()}`);
          const reset = newToken();
          await accountsRepo.insertToken(tx, {
            tokenHash: reset.hash,
            userId,
            purpose: 'reset',
            expiresAt: new Date(now.getTime() + resetLifetimeMs),
          });
          return { resetToken: reset.token };
        });
      },

      /** Asked from the account's own session. */
      async resendVerification(user: UserRow) {
        if (user.emailVerifiedAt) return;
        await countEmail(user.email, { kind: 'own' });
        await sendVerification(user);
      },

      /** Same answer whether or not the e-mail has an account; the limit counts the address either way. */
      async requestReset(email: string, asker: EmailAsker) {
        await countEmail(email, asker);
        const user = await accountsRepo.findUserByEmail(db, email);
        if (!user) return;
        const token = await newEmailToken(user.id, 'reset', resetLifetimeMs);
        await enqueue(db, 'send_email', { ...passwordResetEmail(deps.shop, user.email, token) });
      },

      /**
       * Single use, one hour; every other unused link of the account is voided and every session ends
       * (whoever had the old password or an older link is out). The operator's policy holds here too.
       */
      async confirmReset(token: string, password: string) {
        const now = clock();
        const passwordHash = await hashPassword(password);
        await db.transaction(async (tx) => {
          const userId = await accountsRepo.consumeToken(tx, hashToken(token), 'reset', now);
          if (!userId) throw new AppError('invalid_input', 'token_invalid', messages.token_invalid);
          const user = await accountsRepo.findUserById(tx, userId);
          // Thrown inside the transaction: the link stays usable for a stronger password.
          if (user?.role === 'operator') await assertOperatorPassword(password, user.email, deps.shop.name);
          await accountsRepo.setPassword(tx, userId, passwordHash);
          await accountsRepo.voidTokensOf(tx, userId, now);
          await accountsRepo.deleteSessionsOf(tx, userId);
        });
      },
    },
  };
}
