import { defaultWhatsappMessage, whatsappLink } from '../../shared/shop';
import { useShop } from './boot';
import { pushDataLayer } from './consent';

export function useWhatsappLink(message?: string): string {
  const shop = useShop();
  return whatsappLink(shop.whatsappNumber, message ?? defaultWhatsappMessage(shop.name));
}

/**
 * The tag manager's `contact` event when a buyer opens any WhatsApp link of the site (header, footer,
 * support, after-purchase, payment by WhatsApp): one listener for every link, present and future.
 */
export function trackWhatsappContacts(): () => void {
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href^="https://wa.me/"]');
    if (link) pushDataLayer({ event: 'contact', method: 'whatsapp' });
  };
  // A middle click opens the chat too (auxclick); a keyboard's Enter is a click.
  for (const type of ['click', 'auxclick'] as const) document.addEventListener(type, onClick, true);
  return () => {
    for (const type of ['click', 'auxclick'] as const) document.removeEventListener(type, onClick, true);
  };
}
