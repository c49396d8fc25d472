import { describe, expect, it } from 'vitest';
import {
  isExpiryValid,
  isLuhnValid,
  isValidBrazilianPhone,
  isValidCpf,
  maskCardNumber,
  maskCep,
  maskCpf,
  maskExpiry,
  maskPhone,
} from './documents';

describe('CPF', () => {
  it.each(['52998224725', '529.982.247-25', '24971563792', '12345678909', '99991111140'])(
    'accepts %s',
    (cpf) => expect(isValidCpf(cpf)).toBe(true),
  );
  it.each(['52998224724', '11111111111', '1234567890', '', '529982247250'])('rejects %s', (cpf) =>
    expect(isValidCpf(cpf)).toBe(false),
  );
  it('masks as typed', () => {
    expect(maskCpf('52998224725')).toBe('529.982.247-25');
    expect(maskCpf('5299')).toBe('529.9');
  });
});

describe('phone', () => {
  it('masks (DD) 9 XXXX-XXXX with at most 11 digits', () => {
    expect(maskPhone('11912345678')).toBe('(11) 9 1234-5678');
    expect(maskPhone('119123456789999')).toBe('(11) 9 1234-5678');
    expect(maskPhone('(11) 9 1234-5678').length).toBeLessThanOrEqual(16);
    expect(maskPhone('1133334444')).toBe('(11) 3333-4444');
  });
  it('validates mobiles and landlines', () => {
    expect(isValidBrazilianPhone('(11) 9 1234-5678')).toBe(true);
    expect(isValidBrazilianPhone('1133334444')).toBe(true);
    expect(isValidBrazilianPhone('11812345678')).toBe(false);
    expect(isValidBrazilianPhone('0191234567')).toBe(false);
    expect(isValidBrazilianPhone('123')).toBe(false);
  });
});

describe('cards', () => {
  it('checks Luhn', () => {
    expect(isLuhnValid('4444 4444 4444 4444')).toBe(false);
    expect(isLuhnValid('5184 0197 4037 3151')).toBe(true);
    expect(isLuhnValid('4111 1111 1111 1111')).toBe(true);
    expect(isLuhnValid('4111 1111 1111 1112')).toBe(false);
  });
  it('groups numbers in 4s and formats expiry', () => {
    expect(maskCardNumber('4111111111111111')).toBe('4111 1111 1111 1111');
    // 19-digit cards (issue 10 §5): every digit is kept, up to 19.
    expect(maskCardNumber('62123456789012345678')).toBe('6212 3456 7890 1234 567');
    expect(maskExpiry('1230')).toBe('12/30');
    expect(maskCep('01310100')).toBe('01310-100');
  });
  it('rejects past expiry and bad months', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    expect(isExpiryValid('11/26', now)).toBe(true);
    expect(isExpiryValid('10/26', now)).toBe(false);
    expect(isExpiryValid('13/27', now)).toBe(false);
    expect(isExpiryValid('01/30', now)).toBe(true);
  });
});
