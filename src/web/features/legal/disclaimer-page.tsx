import { useShop, useShopClaims } from '../../lib/boot';
import { LegalLayout } from './legal-layout';

export function DisclaimerPage() {
  const shop = useShop();
  const claims = useShopClaims();
  return (
    <LegalLayout title="Aviso Legal">
      <p>
        Os resultados variam de perfil para perfil e não são garantidos.{' '}
        {claims.shown
          ? `Números como “${claims.profiles.value} ${claims.profiles.label}” e percentuais de crescimento mostrados no site são médias relatadas e não uma promessa de resultado.`
          : 'Percentuais de crescimento mostrados no site são médias relatadas e não uma promessa de resultado.'}
      </p>
      <p>
        {shop.name} não é afiliada, patrocinada ou endossada pelo Instagram ou pela Meta Platforms. Instagram
        é marca registrada da Meta.
      </p>
      <p>
        Você é responsável pelo uso do serviço conforme as regras da plataforma. Não pedimos senha e não temos
        acesso à sua conta.
      </p>
      <p>Depoimentos do site são ilustrativos.</p>
    </LegalLayout>
  );
}
