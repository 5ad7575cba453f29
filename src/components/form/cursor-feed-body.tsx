import type { ReactNode } from 'react'
import { Button } from 'react-aria-components'
import { LoadFailedAlert } from '../load-failed-alert'
import { EmptyState } from './empty-state'
import { LoadMoreFooter } from './load-more-footer'
import type { CursorFeedView } from './use-cursor-feed'

export interface CursorFeedBodyProps {
  feed: CursorFeedView<unknown>
  /** Shown until the first page arrives. */
  skeleton: ReactNode
  /** The alert's title when the first page cannot be loaded, e.g. "Couldn't load your payments". */
  errorTitle: string
  /** Whether the address narrows the feed: an empty feed then offers to clear the filters. */
  filtered: boolean
  /** The empty state of a filtered feed: its title, how to widen it and how to clear it. */
  noMatch: { title: string; hint: ReactNode; onClear: () => void }
  /** The empty state when there is nothing at all yet. */
  nothingYet: ReactNode
  /** The rows of the pages loaded so far. */
  children: ReactNode
}

/**
 * The body every "Load more" list shares, below its filter bar: a skeleton while the first page
 * loads, its failure with Try again, the two empty states, or the rows and the "Load more" footer.
 */
export function CursorFeedBody({
  feed,
  skeleton,
  errorTitle,
  filtered,
  noMatch,
  nothingYet,
  children,
}: CursorFeedBodyProps) {
  if (feed.loading) return skeleton
  if (feed.failure) {
    return (
      <LoadFailedAlert title={errorTitle} message={feed.failure.message} onRetry={feed.retry} />
    )
  }
  if (feed.empty && filtered) {
    return (
      <EmptyState
        title={noMatch.title}
        action={
          <Button className="p-button" onPress={noMatch.onClear}>
            Clear filters
          </Button>
        }
      >
        {noMatch.hint}
      </EmptyState>
    )
  }
  if (feed.empty) return nothingYet
  return (
    <>
      {children}
      <LoadMoreFooter feed={feed} filtered={filtered} />
    </>
  )
}
