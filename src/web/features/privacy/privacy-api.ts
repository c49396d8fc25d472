import { api } from '../../lib/api';

// The privacy feature's calls to our server: a guest's e-mailed request link, described then confirmed.

export type DescribedRequest = { action: 'export' | 'erase'; email: string };
export type ConfirmedRequest = { action: 'export'; data: unknown } | { action: 'erase'; message: string };

export const describeRequest = (token: string) =>
  api.post<DescribedRequest>('/api/privacy-requests/describe', { token });

export const confirmRequest = (token: string | null) =>
  api.post<ConfirmedRequest>('/api/privacy-requests/confirm', { token });
