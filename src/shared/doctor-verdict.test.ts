import { describe, expect, it } from 'vitest';
import { verdict } from './doctor-verdict';

// ADR 055: "Tudo certo." only when it is true, in the terminal and in the panel alike.

const ok = { name: 'Banco de dados', ok: true, message: 'conectado' };
const warned = { name: 'Colocar no ar', ok: true, warning: true, message: 'SHOP_CNPJ ainda é o exemplo' };
const failed = { name: 'Asaas PIX', ok: false, message: 'nenhuma chave PIX ativa' };

describe('the doctor verdict', () => {
  it('all right: "Tudo certo."', () => expect(verdict([ok, ok])).toBe('Tudo certo.'));
  it('a warning is not "Tudo certo."', () =>
    expect(verdict([ok, warned])).toBe(
      'Funciona, com 1 aviso(s) a conferir antes de colocar no ar: veja as linhas com ⚠.',
    ));
  it('a failure counts before the warnings', () =>
    expect(verdict([failed, warned, ok])).toBe('1 verificação(ões) falharam: veja as linhas com ✘.'));
});
