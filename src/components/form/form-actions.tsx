import { Link } from 'wouter'
import { PendingButton } from './pending-button'
import './form-kit.css'

/**
 * Save and Cancel at the bottom of a form (sticky, so they stay in reach on long forms). Save
 * shows a spinner and refuses a second press while saving; Cancel is a link back to the list,
 * so the unsaved-changes warning asks before it leaves.
 */
export function FormActions({
  busy,
  saveLabel = 'Save',
  cancelHref,
  dirty,
  isDisabled = false,
  sticky = true,
}: {
  busy: boolean
  saveLabel?: string
  /** Where Cancel goes; no Cancel without it. */
  cancelHref?: string
  /** When given, a quiet "Unsaved changes" / "All changes saved" status next to the buttons. */
  dirty?: boolean
  isDisabled?: boolean
  /** Off for small forms inside a page, so only the page's own actions stick. */
  sticky?: boolean
}) {
  return (
    <div className={sticky ? 'p-form-actions p-form-actions--sticky' : 'p-form-actions'}>
      <PendingButton
        type="submit"
        className="p-button p-button--primary"
        isPending={busy}
        isDisabled={isDisabled}
      >
        {busy ? 'Saving…' : saveLabel}
      </PendingButton>
      {cancelHref ? (
        <Link href={cancelHref} className="p-button p-button--ghost">
          Cancel
        </Link>
      ) : null}
      {dirty === undefined ? null : (
        <span className="p-form-actions__status" aria-live="polite">
          {dirty ? 'Unsaved changes' : ''}
        </span>
      )}
    </div>
  )
}
