import { messages } from '../../shared/messages';
import type { Db } from '../db/client';
import { AppError } from '../errors';
import { alertOwner, type AlertTarget } from '../owner-alerts/owner-alerts';
import { loginAttemptsRepo } from './login-attempts.repo';

/**
 * The code step's limits (ADR 027, issue 42 §3): per client address 5 codes, right password or not, then
 * 15 minutes for that address, so the step's answers never tell whether the password was right; per
 * account 10 codes with the right password (from 2 addresses at least), then 15 minutes for everyone and
 * an e-mail to the owner: someone has the password. Arithmetic in docs/security.md.
 */
export const codeFailuresPerClient = 5;
export const codeFailuresPerAccount = 10;
const codeLockMs = 15 * 60 * 1000;

export const fill = (text: string, n: number) => text.replace('{n}', String(n));
export const secondsUntil = (until: Date | null | undefined, now: Date) =>
  Math.max(1, Math.ceil(((until?.getTime() ?? 0) - now.getTime()) / 1000));

function codeBlocked(until: Date | null, now: Date) {
  const seconds = secondsUntil(until, now);
  return new AppError('rate_limited', 'admin_code_blocked', fill(messages.admin_code_blocked, seconds), {
    retryAfterSeconds: seconds,
  });
}

/**
 * Counts a code before it is checked (every instance and concurrent request sees it); throws the 429 over
 * a limit. Returns the account's count (0 after a wrong password) and the keys a success clears.
 */
export async function countCode(
  db: Db,
  pending: { userId: string; passwordOk: boolean },
  clientKey: string,
  now: Date,
): Promise<{ accountAttempt: number; keys: string[] }> {
  const accountKey = `admin-code:${pending.userId}`;
  const clientCodeKey = `admin-code-ip:${clientKey}`;
  const [client] = await loginAttemptsRepo.reserve(
    db,
    [clientCodeKey],
    now,
    codeFailuresPerClient,
    codeLockMs,
  );
  if (client!.attempts > codeFailuresPerClient) throw codeBlocked(client!.lockedUntil, now);
  const keys = [accountKey, clientCodeKey];
  // Only a right password counts against the account: nobody without it can block the owner's codes.
  if (!pending.passwordOk) {
    const until = await loginAttemptsRepo.lockedUntil(db, accountKey, now);
    if (until) throw codeBlocked(until, now);
    return { accountAttempt: 0, keys };
  }
  const [count] = await loginAttemptsRepo.reserve(db, [accountKey], now, codeFailuresPerAccount, codeLockMs);
  if (count!.attempts > codeFailuresPerAccount) throw codeBlocked(count!.lockedUntil, now);
  return { accountAttempt: count!.attempts, keys };
}

/** The wrong code that locked the account: the owner hears of it once per lock. */
export async function alertIfLocked(
  db: Db,
  alert: AlertTarget | undefined,
  userId: string,
  accountAttempt: number,
  now: Date,
) {
  if (accountAttempt !== codeFailuresPerAccount || !alert) return;
  await alertOwner(
    db,
    alert,
    {
      key: `admin-code-lock:${userId}`,
      quietMs: codeLockMs,
      subject: 'Painel: senha certa, códigos errados',
      lines: [
        `Alguém entrou com a senha do painel e errou o código de verificação ${codeFailuresPerAccount} vezes, de mais de um endereço.`,
        'O código fica bloqueado por 15 minutos. Se não foi você, troque a senha do painel agora.',
      ],
    },
    now,
  );
}
