import type { ComponentType } from 'react';
import type { RouteHandle } from '../app/route-handle';

export interface PageRoute {
  /** '/', '/precos', '/order/:id' or '*' (anything else). */
  path: string;
  /** The page's source file relative to src/web, the key of the build manifest. */
  module: string;
  handle: RouteHandle;
  load: () => Promise<ComponentType>;
}

export interface RouteMatch {
  route: PageRoute;
  params: Record<string, string>;
}

export function matchRoute(routes: readonly PageRoute[], pathname: string): RouteMatch {
  const segments = pathname.replace(/\/+$/, '').split('/').filter(Boolean);
  for (const route of routes) {
    if (route.path === '*') return { route, params: {} };
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== segments.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((part, i) => {
      const segment = segments[i]!;
      if (part.startsWith(':')) {
        try {
          params[part.slice(1)] = decodeURIComponent(segment);
        } catch {
          return false;
        }
        return true;
      }
      return part === segment;
    });
    if (matches) return { route, params };
  }
  throw new Error('the route table needs a final "*" route');
}

const components = new Map<PageRoute, ComponentType>();

/** Loads a route's code once; the router renders only loaded routes. */
export async function loadRoute(route: PageRoute): Promise<ComponentType> {
  let component = components.get(route);
  if (!component) {
    component = await route.load();
    components.set(route, component);
  }
  return component;
}

export function loadedComponent(route: PageRoute): ComponentType | undefined {
  return components.get(route);
}
