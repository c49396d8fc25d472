import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';

type Handler = (request: FastifyRequest, reply: FastifyReply, admin: UserRow) => Promise<unknown>;

/** One operator endpoint; admin.routes.ts checks the session and role before every handler. */
export interface AdminRoute {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  handler: Handler;
}
