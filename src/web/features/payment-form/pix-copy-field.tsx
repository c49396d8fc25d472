import { useState } from 'react';
import { buttonPrimary } from '../../components/ui/styles';

/** "PIX copia e cola": the code, selectable, and a button that copies it (2 s "Copiado!"). */
export function PixCopyField({ payload, id = 'pix-code' }: { payload: string; id?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(payload);
    } catch {
      // Clipboard blocked: the code stays selectable in the field.
    }
    setCopied(true);
    window.setTimeout(() => setCopied(false), 2000);
  };
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        PIX copia e cola
      </label>
      <textarea
        id={id}
        readOnly
        rows={3}
        value={payload}
        className="mt-1 w-full rounded-lg border border-slate-400 p-2 font-mono text-xs text-slate-900"
      />
      <button type="button" onClick={() => void copy()} className={`${buttonPrimary} mt-2 w-full`}>
        {copied ? 'Copiado!' : 'Copiar código PIX'}
      </button>
    </div>
  );
}
