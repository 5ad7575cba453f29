import { Button } from 'react-aria-components'
import { Link } from 'wouter'

/** An edit page whose record could not be loaded: why, Try again, and the way back. */
export function LoadFailedCard(props: {
  message: string | null
  onRetry: () => void
  backHref: string
  backLabel: string
}) {
  return (
    <div className="p-card p-stack-sm" role="alert">
      <p>{props.message}</p>
      <div className="p-row">
        <Button className="p-button" onPress={props.onRetry}>
          Try again
        </Button>
        <Link href={props.backHref}>{props.backLabel}</Link>
      </div>
    </div>
  )
}
