import { Button } from 'react-aria-components'
import { Link } from 'wouter'

/**
 * A customer page (profile or edit) whose customer did not load: either there is no such
 * customer (a 404, or an id that is not one), which no retry mends, or the load failed, with
 * why and Try again. Either way, the way back to the list.
 */
export function CustomerLoadFailed(props: {
  missing: boolean
  message: string | null | undefined
  onRetry: () => void
}) {
  const { missing } = props
  return (
    <div className="p-card p-stack-sm" role="alert">
      <h2 className="p-section-title">
        {missing ? 'This customer doesn’t exist' : 'Couldn’t load this customer'}
      </h2>
      <p className="p-muted">
        {missing
          ? 'They may have been deleted, or the link is mistyped.'
          : (props.message ?? 'Please try again.')}
      </p>
      <div className="p-inline-actions">
        {missing ? null : (
          <Button className="p-button p-button--primary" onPress={props.onRetry}>
            Try again
          </Button>
        )}
        <Link href="/customers" className="p-button">
          Back to customers
        </Link>
      </div>
    </div>
  )
}
