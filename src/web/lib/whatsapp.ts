import { defaultWhatsappMessage, whatsappLink } from '../../shared/shop';
import { useShop } from './boot';

export function useWhatsappLink(message?: string): string {
  const shop = useShop();
  return whatsappLink(shop.whatsappNumber, message ?? defaultWhatsappMessage(shop.name));
}
