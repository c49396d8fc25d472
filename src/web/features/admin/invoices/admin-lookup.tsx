import { useState, type ReactNode } from 'react';
import { buttonSecondary, fieldInput, fieldLabel } from '#web/components/ui/styles.ts';
import { ApiError } from '#web/lib/api.ts';

/**
 * A search in one of Asaas's lists, through our server (municipal services, the tax reform's codes): the
 * owner types part of a name or code, the matches come back, "Escolher" picks one. The texts name what
 * is looked for, so each search on a page has labels of its own.
 */
export function AdminLookup<T>(props: {
  id: string;
  label: string;
  placeholder: string;
  button: string;
  /** What the list of matches is called, and what is said when there is none. */
  found: string;
  none: string;
  search: (query: string) => Promise<T[]>;
  keyOf: (item: T) => string;
  /** The match's name, for "Escolher …" to screen readers too. */
  nameOf: (item: T) => string;
  /** The match as shown (its name and, say, a rate). */
  show: (item: T) => ReactNode;
  onPick: (item: T) => void;
}) {
  const [query, setQuery] = useState('');
  const [found, setFound] = useState<T[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(false);
  const search = async () => {
    setSearching(true);
    setFailure(null);
    try {
      setFound(await props.search(query));
    } catch (error) {
      setFound(null);
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível buscar agora.');
    } finally {
      setSearching(false);
    }
  };
  return (
    <div className="rounded-xl bg-slate-50 p-3 ring-1 ring-slate-200">
      <div className="flex flex-wrap items-end gap-2">
        <div className="grow">
          <label htmlFor={props.id} className={fieldLabel}>
            {props.label}
          </label>
          <input
            id={props.id}
            className={fieldInput}
            value={query}
            placeholder={props.placeholder}
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void search();
              }
            }}
          />
        </div>
        <button type="button" className={buttonSecondary} onClick={() => void search()} disabled={searching}>
          {searching ? 'Buscando…' : props.button}
        </button>
      </div>
      <div aria-live="polite">
        {failure && (
          <p role="alert" className="mt-2 text-sm font-semibold text-red-800">
            {failure}
          </p>
        )}
        {found?.length === 0 && <p className="mt-2 text-sm text-slate-700">{props.none}</p>}
        {found && found.length > 0 && (
          <ul className="mt-2 space-y-1" aria-label={props.found}>
            {found.map((item) => (
              <li
                key={props.keyOf(item)}
                className="flex flex-wrap items-center justify-between gap-2 text-sm"
              >
                <span>{props.show(item)}</span>
                <button
                  type="button"
                  className="min-h-11 text-left font-semibold text-fuchsia-800 underline"
                  onClick={() => {
                    props.onPick(item);
                    setFound(null);
                  }}
                >
                  Escolher <span className="sr-only">{props.nameOf(item)}</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
