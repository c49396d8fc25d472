import { describe, expect, it } from 'vitest';
import { buildStaticPix, crc16, isValidBrCode, parseBrCode } from './br-code';

// Vectors checked against the BCB's Manual de Padrões para Iniciação do Pix (CRC16-CCITT, EMV TLV).
const vectors = {
  STATIC_TEST_EMV:
    '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 123520400005303986540510.005802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63040DC6',
  STATIC_TEST_NO_VALUE_EMV:
    '00020126510014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1235204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***630462CA',
  STATIC_TEST_NO_VALUE_WITHFSS_EMV:
    '00020126630014br.gov.bcb.pix0115thalesog@me.com0210Pedido 1230308123412345204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***6304901C',
  DYNAMIC_TEST_EMV:
    '00020126740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***630442C5',
  DYNAMIC_ONE_TIME_TEST_EMV:
    '00020101021226740014br.gov.bcb.pix2552payload.psp.com/3ec9d2f9-5f03-4e0e-820d-63a81e769e875204000053039865802BR5914THALES OGLIARI6015SAO MIGUEL DO O62070503***63042895',
  STATIC_TEST_WITH_FSS:
    '00020126950014br.gov.bcb.pix01364004901d-bd85-4769-8e52-cb4c42c506dc0221Jornada pagador 431070308999990085204000053039865406577.575802BR5903Pix6008BRASILIA6229052599ed983ea570413d8d336301d630418B7',
  BCB_MANUAL:
    '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
  GIST_DYNAMIC:
    '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB',
};

describe('crc16', () => {
  it('has the CCITT-FALSE check value', () => expect(crc16('123456789')).toBe('29B1'));
});

describe('public vectors', () => {
  for (const [name, code] of Object.entries(vectors)) {
    it(`${name} parses and its CRC verifies`, () => {
      expect(isValidBrCode(code)).toBe(true);
      expect(parseBrCode(code).map((f) => f.id)[0]).toBe('00');
    });
  }

  it('rejects the QI Tech example whose CRC does not verify', () => {
    expect(
      isValidBrCode(
        '00020126360014br.gov.bcb.pix0114+55119999999995204000053039865802BR5925TESTE62070503***63047B7D',
      ),
    ).toBe(false);
  });

  it('rejects a code with one character changed', () => {
    expect(isValidBrCode(vectors.STATIC_TEST_EMV.replace('10.00', '90.00'))).toBe(false);
  });
});

describe('buildStaticPix', () => {
  it('regenerates the pix-utils vector, with accents stripped and upper-cased', () => {
    expect(
      buildStaticPix({
        key: 'thalesog@me.com',
        merchantName: 'Thales Ogliari',
        merchantCity: 'SÃO MIGUÉL DO O',
        info: 'Pedido 123',
        amountCents: 1000,
      }),
    ).toBe(vectors.STATIC_TEST_EMV);
  });

  it('regenerates the BCB manual example byte for byte (name kept as given when ASCII upper)', () => {
    const code = buildStaticPix({
      key: '123e4567-e12b-12d1-a456-426655440000',
      merchantName: 'FULANO DE TAL',
      merchantCity: 'BRASILIA',
    });
    expect(code).toBe(
      vectors.BCB_MANUAL.replace('Fulano de Tal', 'FULANO DE TAL').slice(0, -4) + code.slice(-4),
    );
    expect(isValidBrCode(code)).toBe(true);
  });

  it('makes codes that parse, carry the amount and txid, and verify', () => {
    const code = buildStaticPix({
      key: 'pix@impulso.example',
      merchantName: 'Impulso Marketing Digital LTDA',
      merchantCity: 'São Paulo',
      amountCents: 10990,
      txid: 'AB2CD3EF',
    });
    expect(isValidBrCode(code)).toBe(true);
    const fields = Object.fromEntries(parseBrCode(code).map((f) => [f.id, f.value]));
    expect(fields['54']).toBe('109.90');
    expect(fields['59']).toBe('IMPULSO MARKETING DIGITAL');
    expect(fields['60']).toBe('SAO PAULO');
    expect(fields['62']).toBe('0508AB2CD3EF');
  });

  it('refuses a txid with a hyphen', () => {
    expect(() => buildStaticPix({ key: 'k', merchantName: 'A', merchantCity: 'B', txid: 'AB-CD' })).toThrow();
  });
});
