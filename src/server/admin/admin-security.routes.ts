import { messages } from '../../shared/messages';
import { adminPasswordChangeSchema, type AdminSessionInfo } from '../../shared/schemas/admin';
import { hashPassword, verifyPassword } from '../accounts/passwords';
import { assertOperatorPassword } from '../accounts/password-policy';
import { sessionToken } from '../accounts/session';
import { hashToken } from '../accounts/tokens';
import type { UserRow } from '../db/schema';
import { AppError } from '../errors';
import { validate } from '../http/validate';
import type { AdminDeps } from './admin-deps';
import type { AdminRoute } from './admin-route';
import { removeInitialPassword } from './initial-password-file';
import { loginAttemptsRepo } from './login-attempts.repo';
import { operatorSecurityRepo } from './operator-security.repo';

/** Wrong current passwords per account before the change form waits (a stolen session guessing it). */
const changeAttempts = 5;
const changeLockMs = 5 * 60 * 1000;

/**
 * Why this operator's session may not use the panel yet (ADR 027): the first-start password is still
 * the one from the file, or production asks for a second factor the account does not have.
 */
export function adminRestriction(
  user: UserRow,
  requireTwoFactor: boolean,
): 'admin_password_change_required' | 'admin_two_factor_required' | null {
  if (user.mustChangePassword) return 'admin_password_change_required';
  if (requireTwoFactor && !user.totpSecret) return 'admin_two_factor_required';
  return null;
}

/** The operator's own account: what the session may do, and the password change. */
export function securityAdminRoutes(deps: AdminDeps): AdminRoute[] {
  const { db, clock } = deps;
  return [
    {
      method: 'GET',
      url: '/api/admin/session',
      access: 'always',
      handler: async (_request, reply, admin) => {
        const info: AdminSessionInfo = {
          email: admin.email,
          mustChangePassword: admin.mustChangePassword,
          twoFactor: {
            enabled: admin.totpSecret !== null,
            required: deps.requireTwoFactor ?? false,
            recoveryCodesLeft: admin.totpSecret
              ? await operatorSecurityRepo.unusedRecoveryCodes(db, admin.id)
              : 0,
          },
        };
        return reply.header('cache-control', 'no-store').send(info);
      },
    },
    {
      method: 'POST',
      url: '/api/admin/password',
      access: 'always',
      handler: async (request, reply, admin) => {
        const input = validate(adminPasswordChangeSchema, request.body);
        const now = clock();
        const key = `admin-password-change:${admin.id}`;
        const [count] = await loginAttemptsRepo.reserve(db, [key], now, changeAttempts, changeLockMs);
        if (count!.attempts > changeAttempts) {
          const seconds = Math.max(
            1,
            Math.ceil(((count!.lockedUntil?.getTime() ?? 0) - now.getTime()) / 1000),
          );
          throw new AppError(
            'rate_limited',
            'admin_blocked',
            messages.admin_blocked.replace('{n}', String(seconds)),
            { retryAfterSeconds: seconds },
          );
        }
        if (!(await verifyPassword(admin.passwordHash, input.currentPassword))) {
          throw new AppError('invalid_input', 'admin_current_password_wrong', undefined, {
            field: 'currentPassword',
          });
        }
        await assertOperatorPassword(input.newPassword, admin.email, deps.shopName, 'newPassword');
        if (input.newPassword === input.currentPassword) {
          throw new AppError('invalid_input', 'operator_password_same', undefined, { field: 'newPassword' });
        }
        const passwordHash = await hashPassword(input.newPassword);
        const keep = hashToken(sessionToken(request)!);
        await db.transaction(async (tx) => {
          await operatorSecurityRepo.setPassword(tx, admin.id, passwordHash);
          // Whoever else held the old password (or read the first-start file) is signed out.
          await operatorSecurityRepo.endOtherSessions(tx, admin.id, keep);
        });
        await loginAttemptsRepo.clear(db, [key]);
        if (deps.initialPasswordFile) await removeInitialPassword(deps.initialPasswordFile);
        return reply.send({ ok: true, message: messages.admin_password_changed });
      },
    },
  ];
}
