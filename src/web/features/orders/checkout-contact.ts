import { readStorage, writeStorage } from '../../lib/storage';

/** The buyer's own contact, kept in this tab for the WhatsApp message: the order API gives it masked. */
export interface CheckoutContact {
  orderId: string;
  name: string;
  email: string;
  whatsapp: string;
}

const key = 'checkout_contact';

export function rememberContact(contact: CheckoutContact): void {
  writeStorage('session', key, JSON.stringify(contact));
}

export function contactFor(orderId: string | null): CheckoutContact | null {
  const stored = readStorage('session', key);
  if (!stored || !orderId) return null;
  try {
    const contact = JSON.parse(stored) as CheckoutContact;
    return contact.orderId === orderId ? contact : null;
  } catch {
    return null;
  }
}
