import { container, sectionTitle } from '../../components/ui/styles';

const uplifts = [
  { value: '+300%', label: 'de alcance' },
  { value: '+250%', label: 'de engajamento' },
  { value: '+400%', label: 'de credibilidade' },
  { value: '+500%', label: 'de visualizações' },
];

export function Uplift() {
  return (
    <section aria-labelledby="resultados-titulo" className="py-16">
      <div className={container}>
        <h2 id="resultados-titulo" className={sectionTitle}>
          O que nossos clientes relatam
        </h2>
        <ul className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {uplifts.map((u) => (
            <li key={u.label} className="rounded-2xl bg-fuchsia-50 p-6 text-center">
              <p className="text-3xl font-extrabold text-fuchsia-800">{u.value}</p>
              <p className="mt-1 text-slate-800">{u.label}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          Médias relatadas por clientes com planos mensais. Resultados variam de perfil para perfil e não são
          garantidos.
        </p>
      </div>
    </section>
  );
}
