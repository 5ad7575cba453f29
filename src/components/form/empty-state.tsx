import type { ReactNode } from 'react'
import { Link } from 'wouter'
import './form-kit.css'

/**
 * What a list shows when it has nothing: a sentence and the one action that fixes it
 * ("Add your first service"). `action` without `href` renders whatever is passed (a button).
 */
export function EmptyState({
  title,
  children,
  actionLabel,
  actionHref,
  action,
}: {
  title: string
  children?: ReactNode
  actionLabel?: string
  actionHref?: string
  action?: ReactNode
}) {
  return (
    <section className="p-empty-state" aria-label={title}>
      <h2 className="p-empty-state__title">{title}</h2>
      {children ? <div className="p-empty-state__text">{children}</div> : null}
      {actionLabel && actionHref ? (
        <Link href={actionHref} className="p-button p-button--primary">
          {actionLabel}
        </Link>
      ) : (
        action
      )}
    </section>
  )
}
