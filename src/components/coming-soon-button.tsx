import { useId } from 'react'

/**
 * A header action whose screen is not built yet. It stays focusable (aria-disabled rather than
 * disabled) so keyboard users can reach it and hear why it does nothing: the "Coming soon" tooltip
 * is its accessible description and shows on hover and on focus.
 */
export function ComingSoonButton({ label }: { label: string }) {
  const tooltipId = useId()
  return (
    <span className="p-tooltip-anchor">
      <button
        type="button"
        className="p-button p-button--primary"
        aria-disabled="true"
        aria-describedby={tooltipId}
        onClick={(event) => event.preventDefault()}
      >
        {label}
      </button>
      <span role="tooltip" id={tooltipId} className="p-tooltip">
        Coming soon
      </span>
    </span>
  )
}
