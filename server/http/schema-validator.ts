import { Ajv2020, type ErrorObject, type Options, type ValidateFunction } from 'ajv/dist/2020.js'
import type { FastifySchemaCompiler } from 'fastify'
import { addPlainTextKeyword, PLAIN_TEXT, withPlainTextChecks } from './plain-text.ts'
import { addRequestFormats, formatMessages } from './request-formats.ts'

/**
 * Request validation with JSON Schema 2020-12, the dialect of our OpenAPI 3.1 contract
 * (Fastify's default Ajv speaks draft-07 and knows no `unevaluatedProperties`).
 *
 * Unknown fields are refused rather than silently dropped, so a typo in a field name is a
 * 400 naming the field instead of a change that quietly did not happen. Every string is
 * checked for control characters (and line breaks, unless the contract marks it
 * `x-multiline`), and dates, date-times and time zones for being ones the server can use, so
 * bad text never reaches a handler or the database.
 */
export function createSchemaValidatorCompiler(): FastifySchemaCompiler<unknown> {
  const common: Options = {
    allErrors: true,
    strict: false,
    useDefaults: true,
    removeAdditional: false,
  }
  // Query strings, path parameters and headers arrive as text: `?limit=10` must validate as 10.
  const forText = configure(new Ajv2020({ ...common, coerceTypes: 'array' }))
  // A JSON body carries real types: `"tags": "vip"` is a mistake to report, not to fix up.
  const forJson = configure(new Ajv2020({ ...common, coerceTypes: false }))
  return ({ schema, httpPart }) => {
    const checked = withPlainTextChecks(schema as RequestPartSchema)
    const named = httpPart === 'headers' ? withLowerCaseNames(checked) : checked
    return withClearMessages((httpPart === 'body' ? forJson : forText).compile(named))
  }
}

interface RequestPartSchema {
  properties?: Record<string, unknown>
  required?: string[]
}

/**
 * Node gives header names in lower case. Fastify lower-cases a headers schema's names only
 * for its own compiler, so with this one `X-Manage-Token` in the contract would never meet
 * the request's `x-manage-token` and go unchecked.
 */
function withLowerCaseNames(schema: RequestPartSchema): RequestPartSchema {
  return {
    ...schema,
    ...(schema.properties && {
      properties: Object.fromEntries(
        Object.entries(schema.properties).map(([name, value]) => [name.toLowerCase(), value]),
      ),
    }),
    ...(schema.required && { required: schema.required.map((name) => name.toLowerCase()) }),
  }
}

function configure(ajv: Ajv2020): Ajv2020 {
  return addPlainTextKeyword(addRequestFormats(ajv))
}

/**
 * The validator as Fastify calls it (it reads `errors` off the function), with a format
 * error saying what the value must be rather than only the format's name, and one error for
 * text with control characters (its format or pattern failing too is only a consequence).
 */
function withClearMessages(validate: ValidateFunction): ValidateFunction {
  const checked = ((data: unknown) => {
    const valid = validate(data)
    checked.errors = validate.errors ? withoutConsequences(validate.errors).map(clearMessage) : null
    return valid
  }) as ValidateFunction
  return checked
}

function withoutConsequences(errors: ErrorObject[]): ErrorObject[] {
  const badText = new Set(
    errors.filter((error) => error.keyword === PLAIN_TEXT).map((error) => error.instancePath),
  )
  return errors.filter((error) => error.keyword === PLAIN_TEXT || !badText.has(error.instancePath))
}

function clearMessage(error: ErrorObject): ErrorObject {
  const format = error.keyword === 'format' ? String(error.params.format) : undefined
  const message = format === undefined ? undefined : formatMessages[format]
  return message ? { ...error, message } : error
}
