import type { FastifyReply, FastifyRequest } from 'fastify'
import { problemDocument } from '../http/problem.ts'
import type { createHealthService } from '../services/health-service.ts'

/** Handlers for the contract's `system` tag. */
export function createSystemHandlers(deps: { health: ReturnType<typeof createHealthService> }) {
  return {
    getHealth: () => deps.health.check(),
    /**
     * Readiness, what a load balancer checks: as liveness, but 503 from the moment the process
     * drains, so the balancer stops sending before it stops taking connections. That 503 is
     * an answer, not a failure: sent here rather than thrown, so a drain's health checks are
     * neither logged as errors nor reported to Sentry.
     */
    getReadiness: async (request: FastifyRequest, reply: FastifyReply) => {
      if (deps.health.draining()) {
        return reply
          .code(503)
          .type('application/problem+json')
          .send(
            problemDocument(
              503,
              'This process is shutting down; send requests to another.',
              request.url.split('?')[0] ?? request.url,
            ),
          )
      }
      return deps.health.check()
    },
  }
}
