/** A value decoded from Stripe's bracket syntax; numbers and booleans stay strings until read. */
export type FormValue = string | FormValue[] | FormObject
export interface FormObject {
  [key: string]: FormValue
}

/**
 * Decodes `application/x-www-form-urlencoded` text (or a query string) written in Stripe's
 * bracket syntax: `metadata[a]=1`, `items[0][price]=p`, `expand[]=x` and `expand[0]=x`.
 */
export function decodeForm(text: string): FormObject {
  const root: FormObject = {}
  for (const [key, value] of new URLSearchParams(text)) {
    const segments = keySegments(key)
    if (segments) insert(root, segments, value)
  }
  return compactArrays(root) as FormObject
}

function keySegments(key: string): string[] | undefined {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key)
  if (!match?.[1]) return undefined
  const rest = match[2] ?? ''
  return [match[1], ...Array.from(rest.matchAll(/\[([^[\]]*)\]/g), (m) => m[1] ?? '')]
}

function isArraySegment(segment: string | undefined): boolean {
  return segment === '' || (segment !== undefined && /^\d+$/.test(segment))
}

function insert(root: FormObject, segments: string[], value: string): void {
  let container: FormObject | FormValue[] = root
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index] as string
    const isLast = index === segments.length - 1
    const slot: string | number = Array.isArray(container)
      ? segment === ''
        ? container.length
        : Number(segment)
      : segment
    if (isLast) {
      setSlot(container, slot, value)
      return
    }
    const existing = getSlot(container, slot)
    if (existing !== undefined && typeof existing !== 'string') {
      container = existing
      continue
    }
    const created: FormObject | FormValue[] = isArraySegment(segments[index + 1]) ? [] : {}
    setSlot(container, slot, created)
    container = created
  }
}

function getSlot(
  container: FormObject | FormValue[],
  slot: string | number,
): FormValue | undefined {
  return Array.isArray(container) ? container[Number(slot)] : container[String(slot)]
}

function setSlot(container: FormObject | FormValue[], slot: string | number, value: FormValue) {
  if (Array.isArray(container)) container[Number(slot)] = value
  else container[String(slot)] = value
}

/** `items[2]` without `items[0]` leaves holes; Stripe reads lists by position, so close them. */
function compactArrays(value: FormValue): FormValue {
  if (typeof value === 'string') return value
  if (Array.isArray(value)) {
    return value.filter((item) => item !== undefined).map(compactArrays)
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, compactArrays(item)]))
}
