import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  newTotpSecret,
  otpauthUri,
  totp,
  totpStep,
  verifyTotp,
} from './totp';

const ascii = (text: string) => Buffer.from(text, 'ascii');

describe('base32 (RFC 4648 §10 test vectors, no padding)', () => {
  const vectors: [string, string][] = [
    ['', ''],
    ['f', 'MY'],
    ['fo', 'MZXQ'],
    ['foo', 'MZXW6'],
    ['foob', 'MZXW6YQ'],
    ['fooba', 'MZXW6YTB'],
    ['foobar', 'MZXW6YTBOI'],
  ];
  it.each(vectors)('%j ↔ %s', (plain, encoded) => {
    expect(base32Encode(ascii(plain))).toBe(encoded);
    expect(base32Decode(encoded).toString('ascii')).toBe(plain);
  });
  it('forgives case, spaces, dashes and padding; refuses other characters', () => {
    expect(base32Decode('mzxw 6ytb-oi======').toString('ascii')).toBe('foobar');
    expect(() => base32Decode('MZXW1')).toThrow();
  });
  it('a new secret is 160 bits, 32 characters', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
  });
});

describe('HOTP (RFC 4226 appendix D)', () => {
  const key = ascii('12345678901234567890');
  const expected = [
    '755224',
    '287082',
    '359152',
    '969429',
    '338314',
    '254676',
    '287922',
    '162583',
    '399871',
    '520489',
  ];
  it.each(expected.map((code, count) => [count, code]))('count %i → %s', (count, code) => {
    expect(hotp(key, count)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, 8 digits)', () => {
  const keys = {
    sha1: ascii('12345678901234567890'),
    sha256: ascii('12345678901234567890123456789012'),
    sha512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
  };
  const table: [number, string, string, string][] = [
    [59, '94287082', '46119246', '90693936'],
    [1111111109, '07081804', '68084774', '25091201'],
    [1111111111, '14050471', '67062674', '99943326'],
    [1234567890, '89005924', '91819424', '93441116'],
    [2000000000, '69279037', '90698825', '38618901'],
    [20000000000, '65353130', '77737706', '47863826'],
  ];
  it.each(table)('T = %i s', (seconds, sha1, sha256, sha512) => {
    const at = new Date(seconds * 1000);
    expect(totp(keys.sha1, at, 8, 'sha1')).toBe(sha1);
    expect(totp(keys.sha256, at, 8, 'sha256')).toBe(sha256);
    expect(totp(keys.sha512, at, 8, 'sha512')).toBe(sha512);
  });
  it('steps are 30 s: T = 1 at 59 s, 0x23523EC at 1111111109 s', () => {
    expect(totpStep(new Date(59_000))).toBe(1);
    expect(totpStep(new Date(1111111109_000))).toBe(0x23523ec);
  });
});

describe('verifyTotp', () => {
  const key = ascii('12345678901234567890');
  const at = new Date(1_234_567_890_000);
  const step = totpStep(at);
  const code = (s: number) => hotp(key, s);

  it('accepts the current step and one either side, nothing further', () => {
    expect(verifyTotp(key, code(step), at, null)).toBe(step);
    expect(verifyTotp(key, code(step - 1), at, null)).toBe(step - 1);
    expect(verifyTotp(key, code(step + 1), at, null)).toBe(step + 1);
    expect(verifyTotp(key, code(step - 2), at, null)).toBeNull();
    expect(verifyTotp(key, code(step + 2), at, null)).toBeNull();
  });
  it('refuses a step already used, and any older one', () => {
    expect(verifyTotp(key, code(step), at, step)).toBeNull();
    expect(verifyTotp(key, code(step - 1), at, step - 1)).toBeNull();
    expect(verifyTotp(key, code(step + 1), at, step)).toBe(step + 1);
  });
  it('refuses anything but six digits', () => {
    expect(verifyTotp(key, ` ${code(step)}`, at, null)).toBeNull();
    expect(verifyTotp(key, '12345', at, null)).toBeNull();
    expect(verifyTotp(key, 'abcdef', at, null)).toBeNull();
  });
  it('the otpauth URI names issuer, account and the parameters apps expect', () => {
    expect(otpauthUri('JBSWY3DPEHPK3PXP', 'Impulso', 'dona@loja.example')).toBe(
      'otpauth://totp/Impulso%3Adona%40loja.example?secret=JBSWY3DPEHPK3PXP&issuer=Impulso&algorithm=SHA1&digits=6&period=30',
    );
  });
});
