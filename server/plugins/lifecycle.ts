import fp from 'fastify-plugin'

declare module 'fastify' {
  interface FastifyInstance {
    /** Readiness and the graceful stop of this process (SIGTERM, see `drain`). */
    lifecycle: {
      /** True once `drain` was called: readiness answers 503 from then on. */
      readonly draining: boolean
      /**
       * Stops this process the gentle way: readiness turns false at once, requests keep being
       * served for `graceMs` (so a load balancer's health checks see it and stop sending new
       * ones), then `app.close()` stops taking connections, finishes the requests in flight,
       * closes the live sockets with 1001 (the browser reconnects, through the balancer, to
       * another process) and waits for the background-job run under way. Resolves once
       * closed; calling it again returns the same promise.
       */
      drain(graceMs: number): Promise<void>
    }
  }
}

/** Decorates `app.lifecycle`; registered before the routes, whose readiness check reads it. */
export const lifecyclePlugin = fp(
  async (app) => {
    let draining = false
    let drained: Promise<void> | undefined
    app.decorate('lifecycle', {
      get draining() {
        return draining
      },
      drain(graceMs: number) {
        if (drained) return drained
        draining = true
        app.log.info({ graceMs }, 'draining: readiness is false; closing after the grace period')
        drained = new Promise<void>((resolve) => setTimeout(resolve, graceMs)).then(() =>
          app.close(),
        )
        return drained
      },
    })
  },
  { name: 'lifecycle' },
)
