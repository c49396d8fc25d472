import type { DoctorLine } from './doctor-line';

/** `✔ Banco de dados: …` / `⚠ …` / `✘ …`, one line per check, on stdout. */
export function printLines(lines: readonly DoctorLine[]): void {
  for (const line of lines) {
    const mark = !line.ok ? '✘' : line.warning ? '⚠' : '✔';
    console.log(`${mark} ${line.name}: ${line.message}`);
  }
  const failed = lines.filter((line) => !line.ok).length;
  console.log(
    failed === 0 ? '\nTudo certo.' : `\n${failed} verificação(ões) falharam: veja as linhas com ✘.`,
  );
}
