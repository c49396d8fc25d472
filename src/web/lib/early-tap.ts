/** The last submit or button tap made before the scripts ran, kept by the page's loader (boot-loader.ts). */
type EarlyTap = { form: HTMLFormElement; submitter: HTMLElement | null } | { button: HTMLButtonElement };

declare global {
  interface Window {
    __earlyTap?: () => EarlyTap | null;
  }
}

/**
 * Replays, once the page reacts, the submit or tap a buyer made before its scripts ran (issue 45 §1):
 * nothing they did is lost. After the next frame and task, so that what was typed before (adopted by the
 * fields at hydration, kept-before-scripts.ts) is the form's state when it is sent.
 */
export function replayEarlyTap(): void {
  const tap = window.__earlyTap?.();
  if (!tap) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      if ('button' in tap) {
        if (tap.button.isConnected) tap.button.click();
        return;
      }
      if (!tap.form.isConnected) return;
      const submitter = tap.submitter?.isConnected ? tap.submitter : null;
      tap.form.requestSubmit(submitter);
    }),
  );
}
