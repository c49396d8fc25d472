import { container, sectionLead, sectionTitle } from '../../components/ui/styles';

// The landing's with/without comparison (docs/product.md#pages), drawn as bars (index out of 100).
export const comparison = [
  { label: 'Alcance', with: 85, without: 25 },
  { label: 'Credibilidade', with: 92, without: 30 },
  { label: 'Oportunidades', with: 88, without: 20 },
  { label: 'Autoridade', with: 78, without: 15 },
];

function Bar({ value, tone, caption }: { value: number; tone: string; caption: string }) {
  return (
    <div className="flex items-center gap-3">
      <span className="w-20 shrink-0 text-sm text-slate-700">{caption}</span>
      <div className="h-4 flex-1 rounded-full bg-slate-100" aria-hidden="true">
        <div className={`h-4 rounded-full ${tone}`} style={{ width: `${value}%` }} />
      </div>
      <span className="w-10 text-right text-sm font-bold text-slate-900">{value}</span>
    </div>
  );
}

export function Comparison() {
  return (
    <section aria-labelledby="comparativo-titulo" className="bg-slate-50 py-16">
      <div className={container}>
        <h2 id="comparativo-titulo" className={sectionTitle}>
          Com e sem impulso
        </h2>
        <p className={sectionLead}>Índice de percepção de perfis antes e depois (escala de 0 a 100).</p>
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {comparison.map((row) => (
            <li
              key={row.label}
              className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
              aria-label={`${row.label}: ${row.with} com impulso, ${row.without} sem impulso`}
            >
              <h3 className="font-bold text-slate-900">{row.label}</h3>
              <div className="mt-3 space-y-2">
                <Bar value={row.with} tone="bg-fuchsia-700" caption="Com" />
                <Bar value={row.without} tone="bg-slate-400" caption="Sem" />
              </div>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          Valores ilustrativos. Resultados variam e não são garantidos.
        </p>
      </div>
    </section>
  );
}
