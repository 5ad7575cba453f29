import { parameterInvalid, parameterMissing, parameterUnknown } from './errors.ts'
import type { FormObject, FormValue } from './form-decoding.ts'

/**
 * What an endpoint accepts. Checking every request against it is what keeps the app from
 * sending a parameter that this service would silently ignore.
 */
export type ParamShape =
  | 'string'
  | 'metadata'
  | 'strings'
  | { readonly [key: string]: ParamShape }
  | readonly [ParamShape]

export interface EndpointShape {
  readonly [key: string]: ParamShape
}

/** Throws Stripe's `parameter_unknown` for the first parameter the shape does not name. */
export function checkParams(params: FormObject, shape: EndpointShape): void {
  checkObject(params, { expand: 'strings', ...shape }, '')
}

function pathOf(prefix: string, key: string | number): string {
  return prefix ? `${prefix}[${key}]` : String(key)
}

function checkValue(value: FormValue, shape: ParamShape, path: string): void {
  if (shape === 'string') {
    if (typeof value !== 'string') throw parameterInvalid(path, `Invalid string: ${path}`)
    return
  }
  if (shape === 'metadata') {
    if (typeof value === 'string' && value === '') return
    if (typeof value === 'string' || Array.isArray(value)) {
      throw parameterInvalid(path, `Invalid object: ${path}`)
    }
    for (const [key, item] of Object.entries(value)) {
      if (typeof item !== 'string') throw parameterInvalid(pathOf(path, key), 'Invalid string')
    }
    return
  }
  if (shape === 'strings') {
    if (!Array.isArray(value) || value.some((item) => typeof item !== 'string')) {
      throw parameterInvalid(path, `Invalid array: ${path}`)
    }
    return
  }
  if (Array.isArray(shape)) {
    if (!Array.isArray(value)) throw parameterInvalid(path, `Invalid array: ${path}`)
    value.forEach((item, index) => {
      checkValue(item, shape[0] as ParamShape, pathOf(path, index))
    })
    return
  }
  if (typeof value === 'string' || Array.isArray(value)) {
    throw parameterInvalid(path, `Invalid object: ${path}`)
  }
  checkObject(value, shape as EndpointShape, path)
}

function checkObject(value: FormObject, shape: EndpointShape, prefix: string): void {
  for (const [key, item] of Object.entries(value)) {
    const itemShape = shape[key]
    if (itemShape === undefined) throw parameterUnknown(pathOf(prefix, key))
    checkValue(item, itemShape, pathOf(prefix, key))
  }
}

/** Reads checked parameters, naming the full bracket path in its errors. */
export class Params {
  constructor(
    readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  private path(name: string): string {
    return pathOf(this.prefix, name)
  }

  has(name: string): boolean {
    return this.values[name] !== undefined
  }

  string(name: string): string | undefined {
    const value = this.values[name]
    return typeof value === 'string' ? value : undefined
  }

  requiredString(name: string): string {
    const value = this.string(name)
    if (value === undefined || value === '') throw parameterMissing(this.path(name))
    return value
  }

  /** An empty string unsets a field in Stripe's API; callers see it as null. */
  nullableString(name: string): string | null | undefined {
    const value = this.string(name)
    return value === '' ? null : value
  }

  oneOf<T extends string>(name: string, allowed: readonly T[]): T | undefined {
    const value = this.string(name)
    if (value === undefined) return undefined
    if (!(allowed as readonly string[]).includes(value)) {
      throw parameterInvalid(
        this.path(name),
        `Invalid ${this.path(name)}: must be one of ${allowed.join(', ')}`,
      )
    }
    return value as T
  }

  integer(name: string): number | undefined {
    const value = this.string(name)
    if (value === undefined) return undefined
    if (!/^-?\d+$/.test(value)) {
      throw parameterInvalid(this.path(name), `Invalid integer: ${value}`)
    }
    return Number(value)
  }

  boolean(name: string): boolean | undefined {
    const value = this.string(name)
    if (value === undefined) return undefined
    if (value !== 'true' && value !== 'false') {
      throw parameterInvalid(this.path(name), `Invalid boolean: ${value}`)
    }
    return value === 'true'
  }

  strings(name: string): string[] {
    const value = this.values[name]
    return Array.isArray(value) ? value.filter((item) => typeof item === 'string') : []
  }

  /** Metadata as Stripe merges it: an empty value removes that key, `metadata=` clears all. */
  metadata(name = 'metadata'): Record<string, string> | null | undefined {
    const value = this.values[name]
    if (value === undefined) return undefined
    if (value === '') return null
    if (typeof value === 'string' || Array.isArray(value)) return undefined
    return value as Record<string, string>
  }

  object(name: string): Params | undefined {
    const value = this.values[name]
    if (value === undefined || typeof value === 'string' || Array.isArray(value)) return undefined
    return new Params(value, this.path(name))
  }

  list(name: string): Params[] {
    const value = this.values[name]
    if (!Array.isArray(value)) return []
    return value.flatMap((item, index) =>
      typeof item === 'object' && !Array.isArray(item)
        ? [new Params(item, pathOf(this.path(name), index))]
        : [],
    )
  }
}

/** Applies a metadata update the way Stripe does. */
export function mergeMetadata(
  current: Record<string, string>,
  update: Record<string, string> | null | undefined,
): Record<string, string> {
  if (update === undefined) return current
  if (update === null) return {}
  const merged = { ...current }
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete merged[key]
    else merged[key] = value
  }
  return merged
}
