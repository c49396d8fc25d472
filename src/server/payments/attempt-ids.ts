import { randomUUID } from 'node:crypto';

const prefix = 'attempt_';

/** A placeholder provider id while the provider is being called (the real one replaces it). */
export const newAttemptId = () => `${prefix}${randomUUID()}`;

/** An attempt that never learnt its provider id: a charge found later may be its own. */
export const hasPlaceholderId = (providerPaymentId: string) => providerPaymentId.startsWith(prefix);
