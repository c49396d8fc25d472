import { useCallback, useEffect, useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { jobKindLabels, type DeadJob } from '#shared/schemas/admin-jobs.ts';
import { buttonSecondary } from '#web/components/ui/styles.ts';
import { deadJobs, retryJob } from '../admin-api';
import { Failure, failureText } from '../admin-failure';

/**
 * Background jobs (e-mails) that failed every attempt: the operator sees how many and why, and sends
 * them again once the cause is fixed (issue 10 §5). Nothing shows while there are none.
 */
export function AdminDeadJobs() {
  const [dead, setDead] = useState<{ count: number; jobs: DeadJob[] } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setDead(await deadJobs());
    } catch (error) {
      setFailure(failureText(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const retry = async (id: string) => {
    setFailure(null);
    try {
      await retryJob(id);
    } catch (error) {
      setFailure(failureText(error, 'Erro ao tentar de novo.'));
    }
    await load();
  };

  if (!dead) return <Failure text={failure} />;
  if (dead.count === 0) return null;
  return (
    <section aria-labelledby="tarefas-falha" className="mt-4 rounded-2xl bg-red-50 p-4 ring-1 ring-red-200">
      <h2 id="tarefas-falha" className="text-lg font-bold text-red-900">
        Tarefas com falha: <span data-testid="dead-jobs-count">{dead.count}</span>
      </h2>
      <p className="text-sm text-red-900">
        Falharam em todas as tentativas. Corrija a causa (por exemplo, o servidor de e-mail) e tente de novo.
      </p>
      {failure && (
        <p role="alert" className="mt-2 text-sm font-semibold text-red-900">
          {failure}
        </p>
      )}
      <ul className="mt-3 space-y-2">
        {dead.jobs.map((job) => (
          <li
            key={job.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-white p-3"
          >
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{jobKindLabels[job.kind] ?? job.kind}</p>
              <p className="break-words text-sm text-slate-700">
                {formatDateTime(new Date(job.runAt))} · {job.lastError ?? 'sem detalhe'}
              </p>
            </div>
            <button type="button" className={buttonSecondary} onClick={() => void retry(job.id)}>
              Tentar de novo
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
