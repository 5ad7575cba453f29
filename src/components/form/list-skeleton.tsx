import type { CSSProperties } from 'react'
import './form-kit.css'

/** Stable keys for placeholders that never reorder. */
function placeholderKeys(count: number, prefix: string): string[] {
  return Array.from({ length: count }, (_, index) => `${prefix}-${index + 1}`)
}

/**
 * Placeholder rows the size of the real ones, while a list loads, so the page does not jump
 * when the data arrives. Announced once as "Loading …" to screen readers.
 */
export function ListSkeleton({
  rows = 5,
  columns = 4,
  label = 'Loading…',
}: {
  rows?: number
  columns?: number
  label?: string
}) {
  const style = { '--p-skeleton-columns': Math.max(1, columns - 1) } as CSSProperties
  return (
    <div className="p-list-skeleton" role="status" style={style}>
      <span className="p-visually-hidden">{label}</span>
      {placeholderKeys(rows, 'row').map((rowKey) => (
        <div className="p-list-skeleton__row" key={rowKey} aria-hidden="true">
          {placeholderKeys(columns, 'cell').map((cellKey) => (
            <span className="p-skeleton" key={cellKey} />
          ))}
        </div>
      ))}
    </div>
  )
}

/** Placeholder label/input pairs while an edit form loads its record. */
export function FormSkeleton({
  fields = 6,
  label = 'Loading…',
}: {
  fields?: number
  label?: string
}) {
  return (
    <div className="p-form-section p-form-skeleton" role="status">
      <span className="p-visually-hidden">{label}</span>
      {placeholderKeys(fields, 'field').map((fieldKey) => (
        <div className="p-stack-sm" key={fieldKey} aria-hidden="true">
          <span className="p-skeleton p-form-skeleton__label" />
          <span className="p-skeleton p-form-skeleton__input" />
        </div>
      ))}
    </div>
  )
}
