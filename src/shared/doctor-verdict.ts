import type { DoctorLine } from './schemas/doctor';

/**
 * The doctor's last word, in the terminal and in the panel alike: "Tudo certo." only when no line failed
 * and none asks for a look (ADR 055).
 */
export function verdict(lines: readonly DoctorLine[]): string {
  const failed = lines.filter((line) => !line.ok).length;
  if (failed > 0) return `${failed} verificação(ões) falharam: veja as linhas com ✘.`;
  const warned = lines.filter((line) => line.warning).length;
  if (warned > 0)
    return `Funciona, com ${warned} aviso(s) a conferir antes de colocar no ar: veja as linhas com ⚠.`;
  return 'Tudo certo.';
}
