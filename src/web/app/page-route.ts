import type { ComponentType } from 'react';
import type { PageRoute } from '../router/match';

// Vite code-splits each page module; the server preloads the chunk of the page it renders.
const pageModules = import.meta.glob<Record<string, ComponentType>>('../features/**/*-page.tsx');

/** One row of the route table. `module` is the page file relative to src/web (the build manifest's key). */
export const page = (
  path: string,
  title: string,
  description: string,
  module: string,
  exportName: string,
): PageRoute => {
  const loader = pageModules[`../${module}`];
  if (!loader) throw new Error(`no page module ${module}`);
  return { path, module, handle: { title, description }, load: () => loader().then((m) => m[exportName]!) };
};
