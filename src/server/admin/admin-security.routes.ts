import QRCode from 'qrcode';
import { messages } from '../../shared/messages';
import {
  adminPasswordChangeSchema,
  adminTwoFactorConfirmSchema,
  adminTwoFactorSetupSchema,
  type AdminSessionInfo,
  type AdminTwoFactorSetup,
} from '../../shared/schemas/admin-session';
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
import { newRecoveryCodes } from './recovery-codes';
import { base32Decode, newTotpSecret, otpauthUri, verifyTotp } from './totp';

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

/**
 * The operator's own account: what the session may do, the password change, and the second factor's
 * setup (ADR 027): a new secret waits, server-side, until a code from the app confirms it; then ten
 * recovery codes are shown once and only their hashes kept.
 */
export function securityAdminRoutes(deps: AdminDeps): AdminRoute[] {
  const { db, clock } = deps;
  /** Counts a guess of the password or of a setup code on `key`: 5, then 5 minutes (a stolen session). */
  const countAttempt = async (key: string, now: Date) => {
    const [count] = await loginAttemptsRepo.reserve(db, [key], now, changeAttempts, changeLockMs);
    if (count!.attempts > changeAttempts) {
      const seconds = Math.max(1, Math.ceil(((count!.lockedUntil?.getTime() ?? 0) - now.getTime()) / 1000));
      throw new AppError(
        'rate_limited',
        'admin_blocked',
        messages.admin_blocked.replace('{n}', String(seconds)),
        {
          retryAfterSeconds: seconds,
        },
      );
    }
    return key;
  };
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
        const key = await countAttempt(`admin-password-change:${admin.id}`, now);
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
    {
      method: 'POST',
      url: '/api/admin/2fa/setup',
      access: 'setup',
      handler: async (request, reply, admin) => {
        const { password } = validate(adminTwoFactorSetupSchema, request.body ?? {});
        if (admin.totpSecret) {
          // Replacing the app of a running second factor: a stolen session alone cannot.
          if (!password) {
            throw new AppError('invalid_input', 'admin_two_factor_password_required', undefined, {
              field: 'password',
            });
          }
          const key = await countAttempt(`admin-password-change:${admin.id}`, clock());
          if (!(await verifyPassword(admin.passwordHash, password))) {
            throw new AppError('invalid_input', 'admin_current_password_wrong', undefined, {
              field: 'password',
            });
          }
          await loginAttemptsRepo.clear(db, [key]);
        }
        const secret = newTotpSecret();
        await operatorSecurityRepo.setPendingSecret(db, admin.id, secret);
        const uri = otpauthUri(secret, deps.shopName ?? 'Impulso', admin.email);
        const setup: AdminTwoFactorSetup = {
          secret,
          uri,
          qrDataUrl: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
        };
        return reply.header('cache-control', 'no-store').send(setup);
      },
    },
    {
      method: 'POST',
      url: '/api/admin/2fa/confirm',
      access: 'setup',
      handler: async (request, reply, admin) => {
        const { code } = validate(adminTwoFactorConfirmSchema, request.body);
        const now = clock();
        if (!admin.totpPendingSecret) throw new AppError('conflict', 'admin_two_factor_not_started');
        const key = await countAttempt(`admin-2fa-setup:${admin.id}`, now);
        const step = verifyTotp(base32Decode(admin.totpPendingSecret), code, now, null);
        if (step === null) {
          throw new AppError('invalid_input', 'admin_two_factor_code_wrong', undefined, { field: 'code' });
        }
        const { codes, hashes } = newRecoveryCodes();
        if (
          !(await operatorSecurityRepo.enableTotp(db, admin.id, admin.totpPendingSecret, step, hashes, now))
        ) {
          throw new AppError('conflict', 'admin_two_factor_not_started');
        }
        await loginAttemptsRepo.clear(db, [key]);
        // Sessions opened with the password alone end; this one, which just proved the code, stays.
        await operatorSecurityRepo.endOtherSessions(db, admin.id, hashToken(sessionToken(request)!));
        return reply.header('cache-control', 'no-store').send({ recoveryCodes: codes });
      },
    },
  ];
}
