import type { CustomerFilter } from './customer-list-params'

/**
 * `customers-2026-03-01.csv`, or with the search and tag when the export is narrowed, so two
 * exports of different filters on one day do not overwrite each other in Downloads.
 */
export function exportFileName(filter: CustomerFilter, today: Date = new Date()): string {
  const day = [
    today.getFullYear(),
    String(today.getMonth() + 1).padStart(2, '0'),
    String(today.getDate()).padStart(2, '0'),
  ].join('-')
  const narrowed = [filter.tag, filter.search]
    .map((part) =>
      part
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, ''),
    )
    .filter(Boolean)
    .join('-')
    .slice(0, 40)
  return narrowed ? `customers-${narrowed}-${day}.csv` : `customers-${day}.csv`
}
