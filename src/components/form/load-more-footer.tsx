import { Button } from 'react-aria-components'
import './load-more-footer.css'
import type { CursorFeedView } from './use-cursor-feed'

/**
 * Under a cursor feed: "Load more" while there is more (a failed attempt says why and offers
 * to try again, the items shown stay), then "That's everything".
 */
export function LoadMoreFooter({
  feed,
  filtered,
}: {
  feed: Pick<CursorFeedView<unknown>, 'hasMore' | 'loadingMore' | 'moreFailure' | 'loadMore'>
  /** Whether a filter narrows the list: the last line then says "that matches". */
  filtered: boolean
}) {
  return (
    <div className="p-load-more">
      {feed.moreFailure ? (
        <p className="p-field__error" role="alert">
          {feed.moreFailure.message}
        </p>
      ) : null}
      {feed.hasMore ? (
        <Button className="p-button" isPending={feed.loadingMore} onPress={feed.loadMore}>
          {feed.loadingMore ? (
            <span className="p-spinner p-button__spinner" aria-hidden="true" />
          ) : null}
          {feed.moreFailure ? 'Try loading more again' : 'Load more'}
        </Button>
      ) : (
        <p className="p-muted">That's everything{filtered ? ' that matches' : ''}.</p>
      )}
    </div>
  )
}
