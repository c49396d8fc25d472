/** The buyer's number as the Cloud API takes it: Brazil's 55 before the DDD (orders keep 10–11 digits). */
export function whatsappNumberOf(orderPhone: string): string {
  const digits = orderPhone.replace(/\D/g, '');
  return digits.length <= 11 ? `55${digits}` : digits;
}

/**
 * The key an opt-out is kept under: 55, the DDD and the last 8 digits. WhatsApp reports many Brazilian
 * mobiles without their ninth digit (5511 8765-4321 for 5511 9 8765-4321), so both forms meet here.
 */
export function optOutKeyOf(phone: string): string {
  const full = whatsappNumberOf(phone);
  return full.startsWith('55') && (full.length === 12 || full.length === 13)
    ? `55${full.slice(2, 4)}${full.slice(-8)}`
    : full;
}

/** "PARAR", in any case, with or without accents and spaces around it. */
export function isStopWord(text: string): boolean {
  const plain = text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase();
  return plain === 'PARAR';
}
