import { useState, type FormEvent } from 'react';
import { deliveryLinkSchema, wantsProfile, type DeliveryView } from '#shared/schemas/deliveries.ts';
import { buttonPrimary } from '../../components/ui/styles';
import { TextField } from '../../components/ui/text-field';
import { ApiError } from '../../lib/api';
import { asksForCode } from './order-access';
import { orderWrites } from './orders-api';
import { usePurchaseCode } from './purchase-code';

/** 'Link inválido': the buyer gives the right @ or post link here, and the delivery is sent again. */
export function DeliveryLinkForm({
  orderId,
  delivery,
  onSaved,
}: {
  orderId: string;
  delivery: DeliveryView;
  onSaved: () => void;
}) {
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const profile = wantsProfile(delivery);
  const id = `link-${delivery.id}`;
  const proof = usePurchaseCode(orderId, `codigo-${delivery.id}`);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = deliveryLinkSchema(delivery).safeParse({ link });
    if (!checked.success) return setError(checked.error.issues[0]?.message);
    setError(undefined);
    setSending(true);
    try {
      await proof.post(orderWrites.deliveryLink(orderId, delivery.id), { link });
      onSaved();
    } catch (failure) {
      if (asksForCode(failure)) return; // shown under the code field
      setError(failure instanceof ApiError ? failure.message : 'Não foi possível enviar. Tente novamente.');
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 rounded-xl bg-amber-50 p-4 ring-1 ring-amber-200">
      <p className="text-sm text-amber-950">
        {profile
          ? 'Não encontramos o perfil. Confira se ele está público e informe o @ correto.'
          : 'Não encontramos a publicação (ou o link não foi informado). Confira se o perfil está público e informe o link correto.'}
      </p>
      <TextField
        id={id}
        className="mt-3"
        label={profile ? 'Novo @ do perfil' : 'Novo link da publicação'}
        value={link}
        onValue={setLink}
        error={error}
        autoComplete="off"
        inputMode={profile ? 'text' : 'url'}
        placeholder={profile ? '@seuperfil' : 'https://www.instagram.com/p/...'}
      />
      {proof.field}
      <button type="submit" className={`${buttonPrimary} mt-3`} disabled={sending}>
        {sending ? 'Enviando…' : 'Enviar novo link'}
      </button>
    </form>
  );
}
