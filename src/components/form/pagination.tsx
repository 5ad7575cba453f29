import { Button } from 'react-aria-components'
import './form-kit.css'

/** "1–25 of 312" with Previous/Next, for offset-paginated lists (`list.page`). */
export function Pagination({
  offset,
  limit,
  total,
  onPage,
  isDisabled = false,
  noun = 'items',
}: {
  offset: number
  limit: number
  total: number
  onPage: (offset: number) => void
  isDisabled?: boolean
  noun?: string
}) {
  if (total <= limit && offset === 0) return null
  const first = total === 0 ? 0 : offset + 1
  const last = Math.min(offset + limit, total)
  return (
    <nav className="p-pagination" aria-label="Pages">
      <span aria-live="polite">
        {first}–{last} of {total} {noun}
      </span>
      <div className="p-pagination__buttons">
        <Button
          className="p-button p-button--small"
          isDisabled={isDisabled || offset === 0}
          onPress={() => onPage(Math.max(0, offset - limit))}
        >
          Previous
        </Button>
        <Button
          className="p-button p-button--small"
          isDisabled={isDisabled || last >= total}
          onPress={() => onPage(offset + limit)}
        >
          Next
        </Button>
      </div>
    </nav>
  )
}
