// Shared class names, so every button of a kind looks and behaves the same.
export const buttonPrimary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-fuchsia-700 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-fuchsia-800 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700 disabled:cursor-not-allowed disabled:opacity-60';
export const buttonSecondary =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full border-2 border-fuchsia-700 bg-white px-6 py-3 text-base font-semibold text-fuchsia-800 transition hover:bg-fuchsia-50 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700';
export const buttonWhatsapp =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-green-700 px-5 py-2.5 text-sm font-semibold text-white transition hover:bg-green-800 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-green-700';
export const container = 'mx-auto w-full max-w-6xl px-4 sm:px-6';
export const sectionTitle = 'text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl';
export const sectionLead = 'mt-3 text-lg text-slate-700';
export const fieldLabel = 'block text-sm font-semibold text-slate-800';
export const fieldInput =
  'mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:border-fuchsia-700 focus:outline-none focus:ring-2 focus:ring-fuchsia-700/40 aria-[invalid=true]:border-red-700';
export const fieldError = 'mt-1 text-sm font-medium text-red-700';
