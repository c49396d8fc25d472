import { createContext, useContext, useState } from 'react';
import { TextField } from '../../components/ui/text-field';
import { asksForCode, orderToken } from './order-access';
import { postOrderWrite } from './orders-api';

/**
 * Whether the page's session proves its orders: "Minha conta", or /order/{id} read with the placing
 * account's (or a lookup's) session. Its writes then ask for no code.
 */
export const SessionProvesOrder = createContext(false);

/**
 * The proof of a write on /order/{id} (ADR 026): the session or the kept token, else the "Código de
 * compra" field. The field shows when neither is there or the server asks for the code (403), with the
 * server's words.
 */
export function usePurchaseCode(orderId: string, fieldId: string) {
  const bySession = useContext(SessionProvesOrder);
  const [needsCode, setNeedsCode] = useState(() => !bySession && !orderToken(orderId));
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
