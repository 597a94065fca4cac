import type { FastifyRequest } from 'fastify';

/** The request's User-Agent header, when it sent one (for the audit trail and the own sessions). */
export function userAgentOf(request: FastifyRequest): { userAgent?: string } {
  const value = request.headers['user-agent'];
  return typeof value === 'string' && value !== '' ? { userAgent: value } : {};
}
