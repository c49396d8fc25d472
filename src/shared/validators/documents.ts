// Brazilian documents and payment-card checks (the CPF and Luhn algorithms). Pure, shared by browser and
// server.

export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** CPF check digits (docs/product.md#cards-and-instalments). */
export function isValidCpf(raw: string): boolean {
  const cpf = onlyDigits(raw);
  if (cpf.length !== 11 || /^(\d)\1{10}$/.test(cpf)) return false;
  const digits = [...cpf].map(Number);
  const checkDigit = (length: number) => {
    const sum = digits.slice(0, length).reduce((acc, d, i) => acc + d * (length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return checkDigit(9) === digits[9] && checkDigit(10) === digits[10];
}

/** 52998224725 → 529.982.247-25 (partial input is masked as far as it goes). */
export function maskCpf(raw: string): string {
  const d = onlyDigits(raw).slice(0, 11);
  return d
    .replace(/^(\d{3})(\d)/, '$1.$2')
    .replace(/^(\d{3})\.(\d{3})(\d)/, '$1.$2.$3')
    .replace(/\.(\d{3})(\d{1,2})$/, '.$1-$2');
}

/** Mobile or landline with DDD: 10 or 11 digits, DDD digits 1–9, mobiles start with 9. */
export function isValidBrazilianPhone(raw: string): boolean {
  const d = onlyDigits(raw);
  if (!/^[1-9]{2}/.test(d)) return false;
  if (d.length === 11) return d[2] === '9';
  return d.length === 10 && /[2-5]/.test(d[2] ?? '');
}

/** (DD) 9 XXXX-XXXX as the buyer types (docs/product.md#validation-texts). */
export function maskPhone(raw: string): string {
  const d = onlyDigits(raw).slice(0, 11);
  if (d.length <= 2) return d.length ? `(${d}` : '';
  const ddd = d.slice(0, 2);
  const rest = d.slice(2);
  if (d.length === 11) return `(${ddd}) ${rest[0]} ${rest.slice(1, 5)}-${rest.slice(5)}`;
  if (rest.length > 4) return `(${ddd}) ${rest.slice(0, rest.length - 4)}-${rest.slice(-4)}`;
  return `(${ddd}) ${rest}`;
}

export function maskCep(raw: string): string {
  const d = onlyDigits(raw).slice(0, 8);
  return d.length > 5 ? `${d.slice(0, 5)}-${d.slice(5)}` : d;
}

/** Documented provider test cards (Asaas sandbox) that are not Luhn-valid but must be accepted. */
const providerTestCards = new Set(['4444444444444444']);

/** Luhn-valid, 13–19 digits (or a provider's documented test card). */
export function isCardNumberValid(raw: string): boolean {
  return providerTestCards.has(onlyDigits(raw)) || isLuhnValid(raw);
}

export function isLuhnValid(raw: string): boolean {
  const d = onlyDigits(raw);
  if (d.length < 13 || d.length > 19) return false;
  let sum = 0;
  for (let i = 0; i < d.length; i++) {
    let n = Number(d[d.length - 1 - i]);
    if (i % 2 === 1) {
      n *= 2;
      if (n > 9) n -= 9;
    }
    sum += n;
  }
  return sum % 10 === 0;
}

/** Longest card number there is (validation takes 13–19 digits): 19-digit cards must be typeable. */
const maxCardDigits = 19;

export function maskCardNumber(raw: string): string {
  return onlyDigits(raw)
    .slice(0, maxCardDigits)
    .replace(/(\d{4})(?=\d)/g, '$1 ');
}

export function maskExpiry(raw: string): string {
  const d = onlyDigits(raw).slice(0, 4);
  return d.length > 2 ? `${d.slice(0, 2)}/${d.slice(2)}` : d;
}

/** MM/AA, a real month, not before the current month (cards are valid through their last day). */
export function isExpiryValid(raw: string, now: Date): boolean {
  const match = /^(\d{2})\/?(\d{2})$/.exec(raw.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = 2000 + Number(match[2]);
  if (month < 1 || month > 12) return false;
  const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return year * 12 + (month - 1) >= current;
}
