import type { ReactNode } from 'react'
import { Button } from 'react-aria-components'

/**
 * What a screen (or a part of one) could not load: the title says what, the message why, and
 * Try again asks once more. Announced as it appears (role=alert); the theme's danger colours
 * give it its look in light and dark. `children` adds a sentence after the reason, such as what
 * still works meanwhile.
 */
export function LoadFailedAlert(props: {
  title: string
  message: string | null | undefined
  onRetry: () => void
  children?: ReactNode
}) {
  return (
    <div className="p-alert" role="alert">
      <strong className="p-alert__title">{props.title}</strong>
      {props.message}
      {props.children ? <> {props.children}</> : null}
      <div className="p-alert__actions">
        <Button className="p-button p-button--small" onPress={props.onRetry}>
          Try again
        </Button>
      </div>
    </div>
  )
}
