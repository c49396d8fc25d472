import { z } from 'zod';
import { messages } from '../messages';

// The operator's sign-in and its account's security (password, second factor): requests and answers.

export const adminLoginSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).default(''),
  password: z.string().max(200).default(''),
});

/** The sign-in's second step: the pending token of the password step and a TOTP or recovery code. */
export const adminCodeSchema = z.object({
  token: z.string().min(20).max(100),
  code: z.string().trim().max(40).default(''),
});

/** Starting the second factor's setup; once one is on, replacing it asks for the password. */
export const adminTwoFactorSetupSchema = z.object({ password: z.string().max(200).optional() });

export const adminTwoFactorConfirmSchema = z.object({
  code: z
    .string()
    .max(20)
    .transform((code) => code.replace(/\s/g, '')),
});

/** The answers of POST /api/admin/login: a session, or the code step's pending token. */
export type AdminLoginAnswer = { email: string } | { step: 'code'; token: string; message: string };

/** The panel's password change (forced after the first start; ADR 027). The policy is checked on the server. */
export const adminPasswordChangeSchema = z
  .object({
    currentPassword: z
      .string({ error: messages.password_required })
      .min(1, messages.password_required)
      .max(200),
    newPassword: z.string({ error: messages.password_required }).min(1, messages.password_required).max(200),
    confirmPassword: z.string({ error: messages.password_required }).max(200),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: messages.passwords_differ,
  });

/** A second factor being set up: shown once, until a code confirms it. */
export interface AdminTwoFactorSetup {
  secret: string;
  uri: string;
  qrDataUrl: string;
}

/** What the panel needs to know about its own session: whether it may be used yet. */
export interface AdminSessionInfo {
  email: string;
  mustChangePassword: boolean;
  twoFactor: { enabled: boolean; required: boolean; recoveryCodesLeft: number };
}
