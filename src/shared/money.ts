/** Formats integer centavos for display: 123456 → 'R$ 1.234,56' (DECISIONS 4: format only at display). */
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
