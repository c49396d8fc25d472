import type { FastifyRequest } from 'fastify';
import { isId } from '../../shared/schemas/ids';
import type { AppError } from '../errors';

/** A path parameter as the router matched it: a string, or undefined when the route has no such part. */
export function routeParam(request: FastifyRequest, name: string): string | undefined {
  const params: unknown = request.params;
  if (typeof params !== 'object' || params === null) return undefined;
  const value: unknown = Reflect.get(params, name);
  return typeof value === 'string' ? value : undefined;
}

/** The `:id` of a route, a record id; anything else is answered as not found, without a query. */
export function idParam(request: FastifyRequest, notFound: () => AppError): string {
  const id = routeParam(request, 'id');
  if (!isId(id)) throw notFound();
  return id;
}
