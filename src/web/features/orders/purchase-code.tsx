import { useState } from 'react';
import { TextField } from '../../components/ui/text-field';
import { asksForCode, orderToken } from './order-access';
import { postOrderWrite } from './orders-api';

/**
 * The proof of a write on /order/{id} (ADR 026): the kept token, else the "Código de compra" field. The
 * field shows when the tab has no token or the server asks for the code (403), with the server's words.
 */
export function usePurchaseCode(
  orderId: string,
  fieldId: string,
  /** Signed in to the account that placed it (/dashboard): the session proves the order. */
  signedIn = false,
) {
  const [needsCode, setNeedsCode] = useState(() => !signedIn && !orderToken(orderId));
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  return {
    /** Posts with the token or the typed code; a 403 a code answers shows the field and is rethrown. */
    async post<T extends { orderToken?: string }>(path: string, body: unknown): Promise<T> {
      setCodeError(undefined);
      try {
        const answer = await postOrderWrite<T>(orderId, path, body, needsCode ? code : undefined);
        setNeedsCode(false);
        return answer;
      } catch (error) {
        if (asksForCode(error)) {
          setNeedsCode(true);
          setCodeError(error.message);
        }
        throw error;
      }
    },
    field: needsCode ? (
      <PurchaseCodeField
        id={fieldId}
        hint="Está no e-mail do pedido (ex.: AB2C-D3EF)."
        value={code}
        onValue={setCode}
        error={codeError}
      />
    ) : null,
  };
}

/** The "Código de compra" field, as every proof of the order page asks it. */
export function PurchaseCodeField(props: {
  id: string;
  hint: string;
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
}) {
  return (
    <TextField
      {...props}
      className="mt-3"
      label="Código de compra"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
    />
  );
}
