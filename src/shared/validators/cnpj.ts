// The CNPJ (a company's taxpayer number) with its check digits, numeric or alphanumeric (from July 2026 the
// first 12 positions may be letters; each character counts as its ASCII code − 48, so digits are unchanged).
// Pure, shared by browser and server (docs/product.md#company-invoices).

/** Upper case, letters and digits only: '12.abc.345/01de-35' → '12ABC34501DE35'. */
export const cnpjCharacters = (raw: string): string => raw.toUpperCase().replace(/[^0-9A-Z]/g, '');

const value = (char: string) => char.charCodeAt(0) - 48;

function checkDigit(base: string): number {
  const weights =
    base.length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const sum = [...base].reduce((acc, char, i) => acc + value(char) * (weights[i] ?? 0), 0);
  const r = sum % 11;
  return r < 2 ? 0 : 11 - r;
}

export function isValidCnpj(raw: string): boolean {
  const cnpj = cnpjCharacters(raw);
  if (!/^[0-9A-Z]{12}\d{2}$/.test(cnpj) || /^(.)\1{13}$/.test(cnpj)) return false;
  const first = checkDigit(cnpj.slice(0, 12));
  return first === Number(cnpj[12]) && checkDigit(cnpj.slice(0, 13)) === Number(cnpj[13]);
}

/** 11222333000181 → 11.222.333/0001-81 (partial input is masked as far as it goes). */
export function maskCnpj(raw: string): string {
  const c = cnpjCharacters(raw).slice(0, 14);
  return c
    .replace(/^(.{2})(.)/, '$1.$2')
    .replace(/^(.{2})\.(.{3})(.)/, '$1.$2.$3')
    .replace(/^(.{2})\.(.{3})\.(.{3})(.)/, '$1.$2.$3/$4')
    .replace(/\/(.{4})(.{1,2})$/, '/$1-$2');
}
