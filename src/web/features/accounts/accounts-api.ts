import type { z } from 'zod';
import type { AccountOrder, AccountUser, signupSchema } from '#shared/schemas/accounts.ts';
import type { PlanView } from '#shared/schemas/order-view.ts';
import { api } from '../../lib/api';

// The accounts feature's calls to our server (sessions are an httpOnly cookie the server sets).

/** GET /api/account/orders: the account's orders, newest first, and its plans (issue 43). */
export interface AccountAnswer {
  user: AccountUser;
  orders: AccountOrder[];
  plans: PlanView[];
}

export const signUp = (values: z.input<typeof signupSchema>) => api.post('/api/auth/signup', values);

export const login = (email: string, password: string) => api.post('/api/auth/login', { email, password });

export const logout = () => api.post('/api/auth/logout', {});

export const askPasswordReset = (email: string) => api.post('/api/auth/password-reset', { email });

export const confirmPasswordReset = (body: { token: string; password: string; confirmPassword: string }) =>
  api.post('/api/auth/password-reset/confirm', body);

/** A verified link may answer a reset token: the account was made at checkout and has no password yet. */
export const verifyEmail = (token: string) =>
  api.post<{ message: string; resetToken?: string }>('/api/auth/verify-email', { token });

export const resendVerification = () => api.post('/api/auth/verify-email/resend', {});

export const accountOrders = () => api.get<AccountAnswer>('/api/account/orders');

export const deleteAccount = (password: string) =>
  api.post<{ message: string }>('/api/account/delete', { password });

/** "Baixar meus dados": a plain download link, not a fetch. */
export const accountDataUrl = '/api/account/data';
