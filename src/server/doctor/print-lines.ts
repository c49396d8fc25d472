import { verdict } from '../../shared/doctor-verdict';
import type { DoctorLine } from './doctor-line';

/** `✔ Banco de dados: …` / `⚠ …` / `✘ …`, one line per check, on stdout. */
export function printLines(lines: readonly DoctorLine[]): void {
  for (const line of lines) {
    const mark = !line.ok ? '✘' : line.warning ? '⚠' : '✔';
    console.log(`${mark} ${line.name}: ${line.message}`);
  }
  console.log(`\n${verdict(lines)}`);
}
