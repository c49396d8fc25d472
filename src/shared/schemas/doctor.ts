import { z } from 'zod';

/** "Verificar configuração" in the panel: with `send`, a test e-mail goes to ADMIN_EMAIL too. */
export const doctorRequestSchema = z.object({ send: z.boolean().default(false) }).strict();

/** One check of `npm run doctor` and of the panel's "Verificar configuração": ok, or what to do. */
export interface DoctorLine {
  name: string;
  ok: boolean;
  /** Works, but worth a look (a low balance, a production key outside production): never fails the run. */
  warning?: boolean;
  message: string;
}

export interface DoctorReport {
  ok: boolean;
  lines: DoctorLine[];
}
