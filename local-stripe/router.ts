import type { EndpointShape, Params } from './params.ts'
import type { Scope } from './scope.ts'

export interface ApiRequest {
  scope: Scope
  params: Params
  /** The `:name` parts of the route's path. */
  path: Record<string, string>
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  /** `/v1/customers/:id`; a segment starting with `:` captures one path segment. */
  path: string
  shape: EndpointShape
  /** Returns the response body; `expand[]` is applied to it afterwards. */
  handle(request: ApiRequest): object
}

export interface RouteMatch {
  route: Route
  path: Record<string, string>
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  pathname: string,
): RouteMatch | undefined {
  const segments = pathname.split('/')
  for (const route of routes) {
    if (route.method !== method) continue
    const pattern = route.path.split('/')
    if (pattern.length !== segments.length) continue
    const captured: Record<string, string> = {}
    const matches = pattern.every((part, index) => {
      const segment = segments[index] ?? ''
      if (part.startsWith(':')) {
        captured[part.slice(1)] = decodeURIComponent(segment)
        return segment !== ''
      }
      return part === segment
    })
    if (matches) return { route, path: captured }
  }
  return undefined
}

export function pathParam(request: ApiRequest, name: string): string {
  const value = request.path[name]
  if (value === undefined) throw new Error(`Route has no :${name}`)
  return value
}
