import { useState } from 'react';
import type { DoctorReport } from '#shared/schemas/doctor.ts';
import { verdict } from '#shared/doctor-verdict.ts';
import { buttonSecondary } from '#web/components/ui/styles.ts';
import { StatusIcon } from '#web/components/ui/icons.tsx';
import { ApiError } from '#web/lib/api.ts';
import { runDoctor } from '../admin-api';

const lineStyle = (ok: boolean, warning?: boolean) =>
  !ok ? 'bg-red-50 text-red-900' : warning ? 'bg-amber-50 text-amber-900' : 'bg-emerald-50 text-emerald-900';
const mark = (ok: boolean, warning?: boolean) => (!ok ? 'no' : warning ? 'warn' : 'ok');

/**
 * "Verificar configuração": the `npm run doctor` checklist run by the shop (docs/operations.md), one line
 * per check, ok or what to do.
 */
export function AdminDoctor() {
  const [report, setReport] = useState<DoctorReport | null>(null);
  const [send, setSend] = useState(false);
  const [running, setRunning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const run = async () => {
    setRunning(true);
    setFailure(null);
    try {
      setReport(await runDoctor(send));
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível verificar agora.');
    } finally {
      setRunning(false);
    }
  };
  return (
    <section aria-labelledby="verificar" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="verificar" className="text-lg font-bold text-slate-900">
          Configuração
        </h2>
        <div className="flex flex-wrap items-center gap-3">
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={send} onChange={(e) => setSend(e.target.checked)} />
            Enviar e-mail de teste ao administrador
          </label>
          <button type="button" className={buttonSecondary} onClick={() => void run()} disabled={running}>
            {running ? 'Verificando…' : 'Verificar configuração'}
          </button>
        </div>
      </div>
      <div aria-live="polite">
        {failure && (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-900">
            {failure}
          </p>
        )}
        {report && (
          <>
            <p className="mt-2 text-sm font-semibold text-slate-900">{verdict(report.lines)}</p>
            <ul className="mt-2 space-y-1 text-sm" data-testid="doctor-lines">
              {report.lines.map((line, i) => (
                <li
                  key={i}
                  className={`break-words rounded-lg px-3 py-1 ${lineStyle(line.ok, line.warning)}`}
                >
                  <StatusIcon
                    kind={mark(line.ok, line.warning)}
                    className="mr-1 inline h-4 w-4 align-[-3px]"
                  />
                  <span className="sr-only">
                    {line.ok ? (line.warning ? 'Atenção: ' : 'Ok: ') : 'Falha: '}
                  </span>
                  <strong>{line.name}:</strong> {line.message}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
    </section>
  );
}
