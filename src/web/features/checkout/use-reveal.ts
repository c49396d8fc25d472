import { useEffect, useRef } from 'react';

/**
 * When `view` changes after the first render, brings the element holding it into view and gives it
 * focus: the new content replaces the part whose button was pressed, which on a phone is often below the
 * fold, and a screen reader would otherwise lose its place. The element needs tabIndex={-1}.
 */
export function useReveal<T>(view: T) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef(view);
  useEffect(() => {
    if (shown.current === view) return;
    shown.current = view;
    ref.current?.scrollIntoView({ block: 'start', behavior: 'instant' });
    ref.current?.focus({ preventScroll: true });
  }, [view]);
  return ref;
}
