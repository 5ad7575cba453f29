import type { HTMLAttributes, ReactNode } from 'react'
import { useTranslation } from '../../app/i18n'

/*
 * The two states every booking page passes through: waiting for an answer, and an answer
 * that did not come. One look and one wording for both, announced to screen readers.
 */

/** A card-sized placeholder while something loads; `label` is read out, not shown. */
export function LoadingCard({ label }: { label: string }) {
  return (
    <div className="p-card" role="status">
      <span className="p-visually-hidden">{label}</span>
      <span className="p-skeleton p-booking-confirmation__skeleton" aria-hidden="true" />
    </div>
  )
}

/**
 * What failed and why, with a "Try again" button when `onRetry` is given; otherwise
 * `children` (another way on) when there are any. Extra attributes go on the alert (focus).
 */
export function RetryAlert({
  title,
  message,
  onRetry,
  children,
  ...attributes
}: {
  title: string
  message: string | null
  onRetry?: (() => void) | undefined
  children?: ReactNode
} & HTMLAttributes<HTMLDivElement>) {
  const { t } = useTranslation()
  return (
    <div className="p-alert" role="alert" {...attributes}>
      <span className="p-alert__title">{title}</span>
      {message ? <p>{message}</p> : null}
      {onRetry ? (
        <button type="button" className="p-button p-button--small" onClick={onRetry}>
          {t('try_again')}
        </button>
      ) : (
        children
      )}
    </div>
  )
}
