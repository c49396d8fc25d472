import { whatsappLink } from '../../shared/shop';
import { useShop } from './boot';

export const defaultWhatsappMessage =
  'Olá! Vim pelo site da Impulso e gostaria de tirar uma dúvida sobre os pacotes.';

export function useWhatsappLink(message: string = defaultWhatsappMessage): string {
  return whatsappLink(useShop().whatsappNumber, message);
}
