import type { createHealthService } from '../services/health-service.ts'

/** Handlers for the contract's `system` tag. */
export function createSystemHandlers(deps: { health: ReturnType<typeof createHealthService> }) {
  return {
    getHealth: () => deps.health.check(),
    getReadiness: () => deps.health.ready(),
  }
}
