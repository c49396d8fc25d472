import { ProviderError } from '../payment-provider';

/**
 * A charge (or plan) was made but what had to follow failed (its QR code, its page): it is removed, so it
 * is not left payable with nobody shown it. If it cannot be removed either, the outcome is unknown to the
 * caller, who looks it up.
 */
export async function undoAfter(error: unknown, remove: () => Promise<void>): Promise<never> {
  try {
    await remove();
  } catch (removal) {
    throw new ProviderError(`Asaas made it, then ${String(error)}; removing it failed: ${String(removal)}`);
  }
  throw error;
}
