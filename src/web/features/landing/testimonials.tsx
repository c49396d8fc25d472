import { container, sectionTitle } from '../../components/ui/styles';

// Sample testimonials (sample names and roles, docs/product.md#copy-honesty); the avatars are drawn, not
// stock photos.
const testimonials = [
  {
    name: 'Camila R.',
    role: 'Confeiteira em Belo Horizonte',
    text: 'Meu perfil de encomendas ganhou corpo e as pessoas passaram a confiar mais antes de pedir. Atendimento rápido no WhatsApp.',
    color: 'bg-rose-700',
  },
  {
    name: 'Rafael M.',
    role: 'Personal trainer em Curitiba',
    text: 'Comprei curtidas para os meus Reels de lançamento. Chegaram no mesmo dia e não precisei passar senha nenhuma.',
    color: 'bg-sky-800',
  },
  {
    name: 'Juliana S.',
    role: 'Loja de moda em Recife',
    text: 'Assino o plano Simples há três meses. O crescimento é gradual, do jeito que eu queria para a minha loja.',
    color: 'bg-emerald-800',
  },
];

function initials(name: string): string {
  return name
    .split(' ')
    .map((part) => part[0])
    .join('')
    .replace('.', '');
}

export function Testimonials() {
  return (
    <section aria-labelledby="depoimentos-titulo" className="py-16">
      <div className={container}>
        <h2 id="depoimentos-titulo" className={sectionTitle}>
          Quem já deu o impulso
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {testimonials.map((t) => (
            <li
              key={t.name}
              className="flex flex-col rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200"
            >
              <figure className="flex h-full flex-col">
                <blockquote className="flex-1 text-slate-800">“{t.text}”</blockquote>
                <figcaption className="mt-6 flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className={`flex h-12 w-12 items-center justify-center rounded-full text-lg font-bold text-white ${t.color}`}
                  >
                    {initials(t.name)}
                  </span>
                  <span>
                    <span className="block font-semibold text-slate-900">{t.name}</span>
                    <span className="block text-sm text-slate-600">{t.role}</span>
                  </span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          Depoimentos ilustrativos. Resultados variam de perfil para perfil.
        </p>
      </div>
    </section>
  );
}
