/**
 * The slice of autocannon's API the load benchmark uses (the package ships no types).
 * See https://github.com/mcollina/autocannon#api.
 */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events'

  interface Request {
    method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
    path?: string
    headers?: Record<string, string>
    body?: string
    setupRequest?: (request: Request, context: Record<string, unknown>) => Request
  }

  interface Options {
    url: string
    connections?: number
    duration?: number
    requests?: Request[]
  }

  interface Result {
    errors: number
    timeouts: number
    non2xx: number
    statusCodeStats: Record<string, { count: number }>
  }

  interface Instance extends EventEmitter, PromiseLike<Result> {
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, bytes: number, responseTime: number) => void,
    ): this
  }

  function autocannon(options: Options): Instance
  export default autocannon
}
