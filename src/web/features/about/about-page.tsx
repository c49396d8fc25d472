import { Link } from '../../router/link';
import { PageShell } from '../../components/layout/page-shell';
import { buttonPrimary, container } from '../../components/ui/styles';
import { useShop, useShopClaims } from '../../lib/boot';
import { paths } from '../../paths';

const values = [
  {
    title: 'Segurança em primeiro lugar',
    text: 'Nunca pedimos senha. Trabalhamos só com o @ público do perfil.',
  },
  { title: 'Público brasileiro', text: 'Audiência do Brasil, que entende o seu conteúdo e a sua língua.' },
  { title: 'Transparência', text: 'Preços claros, prazos por escrito e a verdade: resultados variam.' },
  {
    title: 'Gente de verdade no suporte',
    text: 'Atendimento humano pelo WhatsApp, com resposta em até 2 horas.',
  },
];

export function AboutPage() {
  const shop = useShop();
  const claims = useShopClaims();
  return (
    <PageShell>
      <section className={`${container} max-w-3xl py-12`}>
        <h1 className="text-4xl font-extrabold text-slate-900">Sobre a {shop.name}</h1>
        <p className="mt-5 text-lg text-slate-700">
          A {shop.name} nasceu para ajudar criadores, empresas e profissionais brasileiros a ganhar a prova
          social que o trabalho deles já merece. Um perfil com mais seguidores e interações transmite
          confiança e abre portas — e chegar lá não deveria exigir entregar a senha a ninguém.
        </p>
        <p className="mt-4 text-lg text-slate-700">
          {claims.shown
            ? `Desde o início já atendemos ${claims.aboutProfiles}, sempre com entrega gradual, garantia de reposição e suporte humano.`
            : 'Trabalhamos com entrega gradual, garantia de reposição e suporte humano.'}
        </p>
        <h2 className="mt-10 text-2xl font-bold text-slate-900">No que acreditamos</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {values.map((value) => (
            <li key={value.title} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <h3 className="font-bold text-slate-900">{value.title}</h3>
              <p className="mt-1 text-slate-700">{value.text}</p>
            </li>
          ))}
        </ul>
        <p className="mt-8 text-sm text-slate-600">
          {shop.legalName} · CNPJ {shop.cnpj} · {shop.address}
        </p>
        <Link to={paths.pricing} className={`${buttonPrimary} mt-8`}>
          Conhecer os pacotes
        </Link>
      </section>
    </PageShell>
  );
}
