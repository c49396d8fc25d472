/**
 * Formats integer centavos for display: 123456 → 'R$ 1.234,56' (docs/product.md#money: format only at
 * display).
 */
export function formatBRL(cents: number): string {
  if (!Number.isInteger(cents)) throw new Error(`centavos must be an integer, got ${cents}`);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const reais = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const centavos = (abs % 100).toString().padStart(2, '0');
  return `${sign}R$ ${reais},${centavos}`;
}

/** 10000 → '10.000' (quantities in copy). */
export function formatInteger(value: number): string {
  return Math.trunc(value)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** "85,90", "R$ 1.085,9" or "85" → centavos; null when it is not an amount. */
export function parseBRL(text: string): number | null {
  const cleaned = text.replace(/R\$|\s/g, '');
  if (!/^\d{1,3}(\.\d{3})*(,\d{1,2})?$|^\d+(,\d{1,2})?$/.test(cleaned)) return null;
  const [reais = '0', cents = ''] = cleaned.replace(/\./g, '').split(',');
  return Number(reais) * 100 + Number(cents.padEnd(2, '0'));
}
