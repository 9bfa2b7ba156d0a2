import type { FastifyRequest } from 'fastify';
import type { SeenFrom } from '../users/user-sessions.service';

/** The address (as TRUST_PROXY lets Fastify read it) and the browser a request came from. */
export const seenFrom = (req: FastifyRequest): SeenFrom & { address: string } => ({
  address: req.ip,
  userAgent: req.headers['user-agent'] ?? null,
});
