import { useEffect, useState } from 'react';
import { PageShell } from '../../components/layout/page-shell';
import { buttonPrimary, container } from '../../components/ui/styles';
import { personalDataFileName } from '#shared/shop.ts';
import { ApiError } from '../../lib/api';
import { useShop } from '../../lib/boot';
import { useLinkToken } from '../accounts';
import { confirmRequest, describeRequest, type DescribedRequest } from './privacy-api';

/** Saves the export as a file on the buyer's device (it never goes by e-mail). */
function download(data: unknown, shopName: string) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), {
    href: url,
    download: personalDataFileName(shopName),
  });
  link.click();
  URL.revokeObjectURL(url);
}

/** /meus-dados/confirmar#token=…: the buyer confirms the shop's LGPD request for their data (issue 13). */
export function PrivacyConfirmPage() {
  const token = useLinkToken();
  const shop = useShop();
  const [described, setDescribed] = useState<DescribedRequest | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (token === null) return;
    describeRequest(token)
      .then(setDescribed)
      .catch((error: unknown) => setFailure(error instanceof ApiError ? error.message : 'Link inválido.'));
  }, [token]);

  const confirm = async () => {
    try {
      const answer = await confirmRequest(token);
      if (answer.action === 'export') {
        download(answer.data, shop.name);
        setOutcome('Pronto: o arquivo com os seus dados foi baixado.');
      } else setOutcome(answer.message);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível confirmar.');
    }
  };

  return (
    <PageShell backLink>
      <div className={`${container} max-w-2xl py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Seus dados pessoais</h1>
        {failure && (
          <p role="alert" className="mt-6 rounded-2xl bg-red-50 p-4 text-red-900">
            {failure}
          </p>
        )}
        {outcome && (
          <p role="status" className="mt-6 rounded-2xl bg-green-50 p-4 text-green-900">
            {outcome}
          </p>
        )}
        {described && !outcome && !failure && (
          <div className="mt-6 space-y-4 text-slate-800">
            <p>
              {described.action === 'export'
                ? `Baixar uma cópia de todos os dados que guardamos sobre ${described.email}.`
                : `Excluir os dados pessoais ligados a ${described.email}. Guardamos só o que a lei fiscal exige (valores, datas e códigos dos pedidos), sem nada que identifique você. Não pode ser desfeito.`}
            </p>
            <button type="button" className={buttonPrimary} onClick={() => void confirm()}>
              {described.action === 'export' ? 'Baixar meus dados' : 'Excluir meus dados'}
            </button>
          </div>
        )}
      </div>
    </PageShell>
  );
}
