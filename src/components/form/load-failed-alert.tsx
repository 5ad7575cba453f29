import { Button } from 'react-aria-components'

/** A list whose first page could not be loaded: what failed, why, and Try again. */
export function LoadFailedAlert(props: { title: string; message: string; onRetry: () => void }) {
  return (
    <div className="p-alert" role="alert">
      <strong className="p-alert__title">{props.title}</strong>
      {props.message}
      <div>
        <Button className="p-button p-button--small" onPress={props.onRetry}>
          Try again
        </Button>
      </div>
    </div>
  )
}
