import type { ReactNode } from 'react'
import { Button, type ButtonProps } from 'react-aria-components'

type PendingButtonProps = Omit<ButtonProps, 'children'> & {
  children: ReactNode
  /** Shown before the label while nothing is pending; the spinner takes its place. */
  icon?: ReactNode
}

/**
 * A button whose action runs a while: pending, react-aria marks it busy and refuses a second
 * press, and a spinner stands before the label.
 */
export function PendingButton({ isPending, icon, children, ...props }: PendingButtonProps) {
  return (
    <Button {...props} isPending={isPending}>
      {isPending ? <span className="p-spinner p-button__spinner" aria-hidden="true" /> : icon}
      {children}
    </Button>
  )
}
