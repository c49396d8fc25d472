import { useRef } from 'react';
import { useKeptBeforeScripts } from '../../lib/kept-before-scripts';

/** A checkbox (an add-on, the WhatsApp consent); one ticked before the scripts ran stays ticked. */
export function AddOnCheckbox({
  id,
  label,
  checked,
  onChecked,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChecked: (checked: boolean) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  useKeptBeforeScripts(input, (el) => el.checked, checked, onChecked);
  return (
    <label className="flex items-start gap-3 text-slate-900">
      <input
        ref={input}
        id={id}
        type="checkbox"
        className="mt-1 h-5 w-5 accent-fuchsia-700"
        checked={checked}
        onChange={(event) => onChecked(event.target.checked)}
      />
      <span>{label}</span>
    </label>
  );
}
