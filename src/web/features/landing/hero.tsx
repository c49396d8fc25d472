import { Link } from '../../router/link';
import { paths } from '../../paths';
import { buttonPrimary, buttonSecondary, container } from '../../components/ui/styles';
import { useShopClaims } from '../../lib/boot';

const promises = [
  { value: '100%', label: 'seguro: sem pedir senha' },
  { value: '24h', label: 'para começar a implementação' },
];

export function Hero() {
  // The shop's own numbers only while the owner shows them (a new shop has none: "Números da loja").
  const numbers = useShopClaims();
  const claims = numbers.shown ? [numbers.profiles, numbers.interactions, ...promises] : promises;
  return (
    <section className="bg-gradient-to-b from-fuchsia-50 to-white">
      <div className={`${container} py-14 sm:py-20`}>
        <p className="text-sm font-bold uppercase tracking-wider text-fuchsia-800">
          Otimização de audiência brasileira
        </p>
        <h1 className="mt-3 max-w-3xl text-4xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-5xl">
          Dê ao seu Instagram o impulso que ele merece
        </h1>
        <p className="mt-5 max-w-2xl text-lg text-slate-700">
          Seguidores, curtidas e visualizações de público brasileiro para criadores, empresas e profissionais.
          Você informa só o @ do perfil — nunca a senha.
        </p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.pricing} className={buttonPrimary}>
            Ver pacotes e preços
          </Link>
          <a href="#como-funciona" className={buttonSecondary}>
            Como funciona
          </a>
        </div>
        <ul className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
          {claims.map((claim, index) => (
            <li key={index} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <p className="text-2xl font-extrabold text-fuchsia-800">{claim.value}</p>
              <p className="text-sm text-slate-700">{claim.label}</p>
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-600">
          * Resultados variam de perfil para perfil e não são garantidos.
          {numbers.shown && ' Os números acima somam pedidos atendidos desde o início da operação.'}
        </p>
      </div>
    </section>
  );
}
