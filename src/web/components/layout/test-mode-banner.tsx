import type { CSSProperties } from 'react';

const height = '1.75rem';

/** Pushes the page (and the fixed header, which reads --test-banner) below the banner. */
export const testModeOffset = { paddingTop: height, '--test-banner': height } as CSSProperties;

/**
 * On every page while the sandbox provider is active (docs/product.md#test-mode): nobody mistakes it for a
 * real shop.
 */
export function TestModeBanner() {
  return (
    <aside
      aria-label="Modo de teste"
      className="fixed inset-x-0 top-0 z-50 h-7 bg-amber-300 text-center text-sm font-semibold leading-7 text-amber-950"
    >
      Modo de teste: nenhum pagamento é real
    </aside>
  );
}
