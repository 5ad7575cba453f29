import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parse } from 'yaml'

/** A JSON Schema of the contract, with every `$ref` resolved and `allOf` merged. */
export interface Schema {
  type?: string | string[]
  enum?: unknown[]
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  minItems?: number
  maxItems?: number
  uniqueItems?: boolean
  minProperties?: number
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  unevaluatedProperties?: boolean | Schema
  items?: Schema
  oneOf?: Schema[]
  anyOf?: Schema[]
  default?: unknown
  examples?: unknown[]
  'x-multiline'?: boolean
}

export type Location = 'path' | 'query' | 'header'
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'

export interface Parameter {
  name: string
  in: Location
  required: boolean
  schema: Schema
}

/** One operation of the contract, as a client would call it. */
export interface Operation {
  id: string
  method: Method
  /** The path template, e.g. `/api/v1/services/{serviceId}`. */
  path: string
  /** Needs a Firebase ID token. */
  secured: boolean
  parameters: Parameter[]
  body?: { schema: Schema; required: boolean; mediaTypes: string[] }
}

const specPath = fileURLToPath(new URL('../../../openapi/openapi.yaml', import.meta.url))
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const

type Node = Record<string, unknown>

/** Every operation of openapi/openapi.yaml with its schemas resolved, in the contract's order. */
export function readOperations(path = specPath): Operation[] {
  const spec = parse(readFileSync(path, 'utf8')) as Node
  const resolve = resolver(spec)
  const globalSecurity = spec.security as unknown[] | undefined
  const operations: Operation[] = []
  for (const [template, item] of Object.entries(spec.paths as Record<string, Node>)) {
    const shared = (item.parameters as Node[] | undefined) ?? []
    for (const method of METHODS) {
      const operation = item[method] as Node | undefined
      if (!operation) continue
      const own = (operation.parameters as Node[] | undefined) ?? []
      const parameters = new Map<string, Parameter>()
      for (const raw of [...shared, ...own]) {
        const parameter = resolve(raw) as Node
        parameters.set(`${parameter.in}:${parameter.name}`, {
          name: String(parameter.name),
          in: parameter.in as Location,
          required: parameter.required === true,
          schema: resolve(parameter.schema) as Schema,
        })
      }
      const security = (operation.security as unknown[] | undefined) ?? globalSecurity ?? []
      operations.push({
        id: String(operation.operationId),
        method: method.toUpperCase() as Method,
        path: template,
        secured: security.some((requirement) => Object.keys(requirement as Node).length > 0),
        parameters: [...parameters.values()],
        body: bodyOf(operation.requestBody, resolve),
      })
    }
  }
  return operations
}

function bodyOf(raw: unknown, resolve: (node: unknown) => unknown): Operation['body'] {
  if (!raw) return undefined
  const requestBody = resolve(raw) as Node
  const content = requestBody.content as Record<string, Node>
  const mediaTypes = Object.keys(content)
  const [first] = mediaTypes
  if (!first) return undefined
  return {
    schema: resolve(content[first]?.schema) as Schema,
    required: requestBody.required === true,
    mediaTypes,
  }
}

/**
 * Resolves `$ref`s (siblings such as a description kept) and merges `allOf` into one schema,
 * so the generator sees each object's properties, required list and closedness in one place.
 */
function resolver(spec: Node) {
  const lookup = (ref: string): unknown => {
    if (!ref.startsWith('#/')) throw new Error(`Only local references are supported: ${ref}`)
    return ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Node)[key.replaceAll('~1', '/')], spec)
  }
  const resolve = (node: unknown, depth = 0): unknown => {
    if (depth > 40) throw new Error('The contract nests deeper than the fuzzer expects.')
    if (Array.isArray(node)) return node.map((item) => resolve(item, depth + 1))
    if (typeof node !== 'object' || node === null) return node
    const { $ref, ...rest } = node as Node
    if (typeof $ref === 'string') {
      return resolve({ ...(lookup($ref) as Node), ...rest }, depth + 1)
    }
    const resolved: Node = {}
    for (const [key, value] of Object.entries(rest)) resolved[key] = resolve(value, depth + 1)
    return Array.isArray(resolved.allOf) ? mergeAllOf(resolved) : resolved
  }
  return resolve
}

function mergeAllOf(node: Node): Node {
  const { allOf, ...own } = node
  const merged: Node = { ...own }
  for (const part of allOf as Node[]) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') {
        merged.properties = { ...(merged.properties as Node), ...(value as Node) }
      } else if (key === 'required') {
        merged.required = [...new Set([...((merged.required as string[]) ?? []), ...(value as [])])]
      } else if (!(key in merged)) {
        merged[key] = value
      }
    }
  }
  return merged
}
