import type { ReactNode } from 'react'
import { Button } from 'react-aria-components'
import { ModalDialog } from '../modal-dialog'
import { PendingButton } from './pending-button'

/**
 * Asks before something that cannot be undone (a delete). A modal react-aria dialog: focus is
 * trapped inside and returns to the button that opened it, Escape cancels, the page behind is
 * inert. `error` shows why the action failed (e.g. the server's 409) without closing, and
 * `extraAction` offers the way out it suggests (e.g. "Deactivate instead").
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  onConfirm,
  busy = false,
  tone = 'danger',
  error,
  extraAction,
  cancelLabel = 'Cancel',
  confirmDisabled = false,
}: {
  isOpen: boolean
  onOpenChange: (isOpen: boolean) => void
  title: string
  children: ReactNode
  confirmLabel: string
  onConfirm: () => void
  busy?: boolean
  tone?: 'danger' | 'primary'
  error?: string | null
  extraAction?: ReactNode
  cancelLabel?: string
  /** Until what the dialog asks for is given (e.g. the name typed to confirm an erasure). */
  confirmDisabled?: boolean
}) {
  return (
    <ModalDialog
      isOpen={isOpen}
      onClose={() => onOpenChange(false)}
      busy={busy}
      role="alertdialog"
      title={title}
    >
      <div className="p-stack-sm">{children}</div>
      {error ? (
        <div className="p-alert" role="alert">
          {error}
        </div>
      ) : null}
      <div className="p-dialog__actions">
        <Button
          className="p-button"
          onPress={() => onOpenChange(false)}
          isDisabled={busy}
          autoFocus
        >
          {cancelLabel}
        </Button>
        {extraAction}
        {error && extraAction ? null : (
          <PendingButton
            className={`p-button p-button--${tone}`}
            onPress={onConfirm}
            isPending={busy}
            isDisabled={confirmDisabled}
          >
            {confirmLabel}
          </PendingButton>
        )}
      </div>
    </ModalDialog>
  )
}
