import { fieldInput, fieldLabel } from '#web/components/ui/styles.ts';

// Inputs the catalogue's fields (admin-catalogue-fields.tsx) do not have: a choice from a list, and an
// input of a given type (a password, a date).

export function SelectInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  choices: ReadonlyArray<{ value: string; label: string }>;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={fieldLabel}>
        {props.label}
      </label>
      <select
        id={props.id}
        className={fieldInput}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {props.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </div>
  );
}

export function TypedInput(props: {
  id: string;
  label: string;
  type: 'password' | 'date';
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <label htmlFor={props.id} className={fieldLabel}>
        {props.label}
      </label>
      <input
        id={props.id}
        type={props.type}
        {...(props.type === 'password' ? { autoComplete: 'off' } : {})}
        className={fieldInput}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </div>
  );
}
