import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { FastifySchemaCompiler } from 'fastify'

/**
 * Request validation with JSON Schema 2020-12, the dialect of our OpenAPI 3.1 contract
 * (Fastify's default Ajv speaks draft-07 and knows no `unevaluatedProperties`).
 *
 * Unknown fields are refused rather than silently dropped, so a typo in a field name is a
 * 400 naming the field instead of a change that quietly did not happen.
 */
export function createSchemaValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: false,
    useDefaults: true,
    // Query strings and path parameters arrive as text; `?limit=10` must validate as 10.
    coerceTypes: 'array',
    removeAdditional: false,
  })
  addFormats.default(ajv)
  return ({ schema }) => ajv.compile(schema as object)
}
