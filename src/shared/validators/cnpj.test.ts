import { describe, expect, it } from 'vitest';
import { isValidCnpj, maskCnpj } from './cnpj';

describe('CNPJ', () => {
  it.each(['11222333000181', '11.222.333/0001-81', '00000000000191', '12ABC34501DE35', '12.abc.345/01de-35'])(
    'accepts %s',
    (cnpj) => expect(isValidCnpj(cnpj)).toBe(true),
  );
  it.each(['11222333000182', '11111111111111', '1122233300018', '', '112223330001810', '12ABC34501DE3A'])(
    'rejects %s',
    (cnpj) => expect(isValidCnpj(cnpj)).toBe(false),
  );
  it('masks as typed', () => {
    expect(maskCnpj('11222333000181')).toBe('11.222.333/0001-81');
    expect(maskCnpj('12abc34501de35')).toBe('12.ABC.345/01DE-35');
    expect(maskCnpj('112223')).toBe('11.222.3');
    expect(maskCnpj('112223330')).toBe('11.222.333/0');
  });
});
