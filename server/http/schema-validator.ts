import { Ajv2020, type Options } from 'ajv/dist/2020.js'
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
  const common: Options = {
    allErrors: true,
    strict: false,
    useDefaults: true,
    removeAdditional: false,
  }
  // Query strings, path parameters and headers arrive as text: `?limit=10` must validate as 10.
  const forText = withFormats(new Ajv2020({ ...common, coerceTypes: 'array' }))
  // A JSON body carries real types: `"tags": "vip"` is a mistake to report, not to fix up.
  const forJson = withFormats(new Ajv2020({ ...common, coerceTypes: false }))
  return ({ schema, httpPart }) =>
    (httpPart === 'body' ? forJson : forText).compile(schema as object)
}

function withFormats(ajv: Ajv2020): Ajv2020 {
  addFormats.default(ajv)
  return ajv
}
