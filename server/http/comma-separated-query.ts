import type { preValidationHookHandler, RouteOptions } from 'fastify'

/**
 * The contract's array query parameters are `style: form, explode: false`
 * (`status=confirmed,completed`), which fastify-openapi-glue passes on as a plain array schema:
 * Ajv would then read the whole text as one item. Before validation, such a parameter is
 * split at its commas (a repeated `status=a&status=b` is accepted too). For an `onRoute` hook.
 */
export function splitCommaSeparatedQueryArrays(route: RouteOptions): void {
  const schema = route.schema?.querystring as
    | { properties?: Record<string, { type?: unknown }> }
    | undefined
  const names = Object.entries(schema?.properties ?? {})
    .filter(([, property]) => property.type === 'array')
    .map(([name]) => name)
  if (names.length === 0) return
  const split: preValidationHookHandler = async (request) => {
    const query = request.query as Record<string, unknown>
    for (const name of names) {
      const value = query[name]
      if (value === undefined) continue
      const items = [value].flat()
      query[name] = items.flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
    }
  }
  route.preValidation = [...[route.preValidation ?? []].flat(), split]
}
