import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../db/schema';

type Handler = (request: FastifyRequest, reply: FastifyReply, admin: UserRow) => Promise<unknown>;

/** One operator endpoint; admin.routes.ts checks the session and role before every handler. */
export interface AdminRoute {
  method: 'GET' | 'POST' | 'PATCH';
  url: string;
  handler: Handler;
  /** Above the app's body limit, for the one endpoint that takes a file (the NFS-e certificate). */
  bodyLimit?: number;
  /**
   * What a session that may not use the panel yet still reaches (ADR 027): 'always' also before the
   * first-start password is changed, 'setup' once it is (setting up the second factor). Unset: neither.
   */
  access?: 'always' | 'setup';
}
