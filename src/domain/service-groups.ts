/** A category's heading and its services, in the order the booking page lists them. */
export interface ServiceGroup<S> {
  /** The owner's category, trimmed; '' for the services they left without one. */
  category: string
  services: S[]
}

/**
 * Services grouped by category, the groups in the order their first service comes (the public
 * catalogue sorts by category, then name) and the uncategorised last: a category is a shelf the
 * owner arranged on purpose, while what they left without one is "other services".
 */
export function groupByCategory<S extends { category: string }>(services: S[]): ServiceGroup<S>[] {
  const groups = new Map<string, S[]>()
  for (const service of services) {
    const category = service.category.trim()
    const group = groups.get(category) ?? []
    group.push(service)
    groups.set(category, group)
  }
  const named = [...groups].filter(([category]) => category !== '')
  const others = groups.get('')
  return [...named, ...(others ? [['', others] as const] : [])].map(([category, list]) => ({
    category,
    services: list,
  }))
}
