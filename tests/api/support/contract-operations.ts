import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { parse } from 'yaml'

export interface ContractOperation {
  operationId: string
  method: string
  /** The contract's path template, e.g. `/api/v1/customers/{customerId}`. */
  path: string
  /** Media types of the request body, empty when the operation takes none. */
  requestMediaTypes: string[]
  /** True when the operation needs a staff token (a security requirement that is not empty). */
  authenticated: boolean
  pathParameters: { name: string; schema: ParameterSchema }[]
}

interface ParameterSchema {
  type?: string
  format?: string
  pattern?: string
}

interface RawParameter {
  $ref?: string
  name?: string
  in?: string
  schema?: ParameterSchema
}

interface RawOperation {
  operationId?: string
  parameters?: RawParameter[]
  requestBody?: { content?: Record<string, unknown> }
  security?: unknown[]
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const

/** Every operation of openapi/openapi.yaml, read from the file itself so none can be missed. */
export function contractOperations(): ContractOperation[] {
  const contract = parse(
    readFileSync(new URL('../../../openapi/openapi.yaml', import.meta.url), 'utf8'),
  )
  const resolve = (parameter: RawParameter): RawParameter =>
    parameter.$ref
      ? contract.components.parameters[parameter.$ref.replace('#/components/parameters/', '')]
      : parameter
  const globalSecurity: unknown[] = contract.security ?? []
  const operations: ContractOperation[] = []
  for (const [path, pathItem] of Object.entries(contract.paths) as [
    string,
    Record<string, RawOperation> & { parameters?: RawParameter[] },
  ][]) {
    for (const method of METHODS) {
      const operation = pathItem[method]
      if (!operation?.operationId) continue
      const parameters = [...(pathItem.parameters ?? []), ...(operation.parameters ?? [])].map(
        resolve,
      )
      operations.push({
        operationId: operation.operationId,
        method: method.toUpperCase(),
        path,
        requestMediaTypes: Object.keys(operation.requestBody?.content ?? {}),
        authenticated: (operation.security ?? globalSecurity).some(
          (requirement) => Object.keys(requirement as object).length > 0,
        ),
        pathParameters: parameters
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => ({ name: parameter.name ?? '', schema: parameter.schema ?? {} })),
      })
    }
  }
  return operations
}

/** The operation's URL with each path parameter filled by a value its schema accepts. */
export function concreteUrl(operation: ContractOperation): string {
  let url = operation.path
  for (const { name, schema } of operation.pathParameters) {
    url = url.replace(`{${name}}`, sampleParameter(schema))
  }
  return url
}

function sampleParameter(schema: ParameterSchema): string {
  if (schema.format === 'uuid') return randomUUID()
  if (schema.type === 'integer') return '1'
  // Slugs and tokens: lower-case letters satisfy every pattern the contract uses for them.
  return 'sample'
}
