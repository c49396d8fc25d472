import { formatBRL } from '#shared/money.ts';
import { instalmentOptions } from '#shared/pricing.ts';
import { fieldInput, fieldLabel } from '../../components/ui/styles';

/**
 * "Parcelas" of a credit card, with or without our card form: on the provider's page the count chosen
 * here is the one charged (ADR 031). No interest: the total split, the remainder on the last.
 */
export function InstalmentSelect({
  id = 'installments',
  label = 'Parcelas',
  value,
  totalCents,
  onChange,
  className,
}: {
  id?: string;
  label?: string;
  value: string;
  totalCents: number;
  onChange: (installments: string) => void;
  className?: string;
}) {
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <select
        id={id}
        name="installments"
        className={fieldInput}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {instalmentOptions(totalCents).map((option) => (
          <option key={option.count} value={option.count}>
            {option.count === 1
              ? `1x à vista de ${formatBRL(option.instalmentCents)}`
              : `${option.count}x de ${formatBRL(option.instalmentCents)} sem juros`}
          </option>
        ))}
      </select>
    </div>
  );
}
