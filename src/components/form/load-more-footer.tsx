import './load-more-footer.css'
import { PendingButton } from './pending-button'
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
        <PendingButton className="p-button" isPending={feed.loadingMore} onPress={feed.loadMore}>
          {feed.moreFailure ? 'Try loading more again' : 'Load more'}
        </PendingButton>
      ) : (
        <p className="p-muted">That's everything{filtered ? ' that matches' : ''}.</p>
      )}
    </div>
  )
}
