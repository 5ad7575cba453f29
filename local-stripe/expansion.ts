import { invalidRequest } from './errors.ts'

type Lookup = (id: string) => object | undefined

/**
 * Applies `expand[]` to a response: each dotted path replaces an id with the stored object
 * (a copy), at any depth, stepping through lists and arrays. Works on a copy of the value.
 */
export function expandResponse<T>(value: T, paths: readonly string[], lookup: Lookup): T {
  const copy = structuredClone(value)
  for (const path of paths) {
    walk(copy, path.split('.'), path, lookup)
  }
  return copy
}

function walk(node: unknown, segments: readonly string[], path: string, lookup: Lookup): void {
  const [segment, ...rest] = segments
  if (segment === undefined || node === null || typeof node !== 'object') return
  if (Array.isArray(node)) {
    for (const item of node) walk(item, segments, path, lookup)
    return
  }
  const record = node as Record<string, unknown>
  if (!(segment in record)) throw cannotExpand(path)
  const resolved = resolve(record[segment], path, lookup)
  record[segment] = resolved
  if (Array.isArray(resolved)) {
    record[segment] = resolved.map((item) => resolve(item, path, lookup))
  }
  walk(record[segment], rest, path, lookup)
}

function resolve(value: unknown, path: string, lookup: Lookup): unknown {
  if (typeof value !== 'string') return value
  const found = lookup(value)
  if (!found) throw cannotExpand(path)
  return structuredClone(found)
}

function cannotExpand(path: string) {
  return invalidRequest(`This property cannot be expanded (${path}).`, undefined, 'expand')
}
