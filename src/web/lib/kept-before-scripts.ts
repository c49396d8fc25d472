import { useEffect, type RefObject } from 'react';

/**
 * What a buyer typed or ticked in the server's HTML before the scripts ran becomes the field's state, once,
 * at hydration: React would otherwise keep its empty state behind it and the form would disagree with
 * what the buyer sees (ADR 016).
 */
export function useKeptBeforeScripts<T>(
  ref: RefObject<HTMLInputElement | null>,
  read: (input: HTMLInputElement) => T,
  state: T,
  keep: (value: T) => void,
) {
  useEffect(() => {
    const input = ref.current;
    if (!input) return;
    const shown = read(input);
    if (shown && shown !== state) keep(shown);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);
}
