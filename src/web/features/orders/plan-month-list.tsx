import type { PlanMonthLine } from '#shared/plan-month.ts';

/** A month's lines, as on /order/{id}: followers so far of the promise and each component (issue 26). */
export function PlanMonthList({ lines }: { lines: readonly PlanMonthLine[] }) {
  return (
    <ul className="divide-y divide-slate-200" data-testid="plan-month">
      {lines.map((line) => (
        <li key={line.key} className="px-5 py-3" data-testid={`plan-${line.key}`}>
          <p className="font-semibold text-slate-900">{line.title}</p>
          <p className="text-sm text-slate-800">{line.detail}</p>
        </li>
      ))}
    </ul>
  );
}
