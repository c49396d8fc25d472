// PIX BR Code (EMV QRCPS-MPM as profiled by the BCB), the BCB's Manual de Padrões para Iniciação do Pix.

/** CRC-16/CCITT-FALSE: poly 0x1021, init 0xFFFF, 4 upper-case hex digits. */
export function crc16(input: string): string {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(input)) {
    crc ^= byte << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

const tlv = (id: string, value: string) => {
  if (value.length > 99) throw new Error(`BR Code field ${id} longer than 99 characters`);
  return id + String(value.length).padStart(2, '0') + value;
};

/** Upper-case ASCII without accents, as payers' banks expect for name and city. */
function asciiUpper(value: string, max: number): string {
  return value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7E]/g, '')
    .toUpperCase()
    .trim()
    .slice(0, max);
}

export interface StaticPixInput {
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Centavos; omitted lets the payer type the amount. */
  amountCents?: number;
  /** 1–25 letters and digits, or *** */
  txid?: string;
  info?: string;
}

export function buildStaticPix(input: StaticPixInput): string {
  const txid = input.txid ?? '***';
  if (!/^[A-Za-z0-9]{1,25}$|^\*\*\*$/.test(txid)) throw new Error('invalid txid');
  const account =
    tlv('00', 'br.gov.bcb.pix') + tlv('01', input.key) + (input.info ? tlv('02', input.info) : '');
  const body =
    tlv('00', '01') +
    tlv('26', account) +
    tlv('52', '0000') +
    tlv('53', '986') +
    (input.amountCents !== undefined ? tlv('54', (input.amountCents / 100).toFixed(2)) : '') +
    tlv('58', 'BR') +
    tlv('59', asciiUpper(input.merchantName, 25)) +
    tlv('60', asciiUpper(input.merchantCity, 15)) +
    tlv('62', tlv('05', txid)) +
    '6304';
  return body + crc16(body);
}

export interface ParsedField {
  id: string;
  value: string;
}

/** Splits a BR Code into its top-level fields; throws on a malformed length. */
export function parseBrCode(code: string): ParsedField[] {
  const fields: ParsedField[] = [];
  let i = 0;
  while (i < code.length) {
    const id = code.slice(i, i + 2);
    const length = Number(code.slice(i + 2, i + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || i + 4 + length > code.length) {
      throw new Error(`malformed BR Code at position ${i}`);
    }
    fields.push({ id, value: code.slice(i + 4, i + 4 + length) });
    i += 4 + length;
  }
  return fields;
}

/** Structure parses, the CRC field is last and matches. */
export function isValidBrCode(code: string): boolean {
  try {
    const fields = parseBrCode(code);
    return fields.at(-1)?.id === '63' && crc16(code.slice(0, -4)) === code.slice(-4);
  } catch {
    return false;
  }
}
