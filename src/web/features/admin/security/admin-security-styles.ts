// The boxes of /admin/seguranca (admin-security-page.tsx, admin-two-factor.tsx).
export const panel = 'mt-8 rounded-2xl bg-white p-6 ring-1 ring-slate-200';
export const notice = 'mt-4 rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-200';
export const failure = 'rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200';
export const success = 'rounded-lg bg-emerald-50 p-3 text-emerald-900 ring-1 ring-emerald-200';
