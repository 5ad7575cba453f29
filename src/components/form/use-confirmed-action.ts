import { useState } from 'react'
import { useLocation } from 'wouter'
import { useToast } from '../../app/toast-context'

/** What a confirmed action says once it has worked, and where the screen goes next. */
export interface ConfirmedActionDone {
  /** The success toast's sentence and title. */
  message: string
  title: string
  /** The page to show next, usually the list the record was removed from. */
  to: string
}

export interface ConfirmedActionRunOptions {
  /** Shown in the dialog when the call fails with something that is not an `Error`. */
  failure: string
  /** Reads the failure before it becomes the dialog's message (e.g. a 409 that offers a way out). */
  onFailure?: (failure: unknown) => void
  /**
   * Leaves the current message up while the action runs: for an action the message itself
   * offers ("Deactivate instead"), as `ConfirmDialog` shows its confirm button again once the
   * message is gone.
   */
  keepError?: boolean
}

/**
 * A destructive action confirmed in a `ConfirmDialog` (delete, erase, remove): whether the
 * dialog is open, busy and what went wrong, and `run`, which calls the API, then closes the
 * dialog, shows the success toast and leaves the page; a failure stays in the dialog as its
 * message. Spread `dialog` into the `ConfirmDialog`.
 */
export function useConfirmedAction() {
  const [, navigate] = useLocation()
  const toast = useToast()
  const [isOpen, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  // A running call cannot be walked away from: its outcome is shown in the dialog.
  const onOpenChange = (next: boolean) => {
    if (busy) return
    setOpen(next)
    if (next) setError(null)
  }

  const run = async (
    action: () => Promise<ConfirmedActionDone>,
    { failure: fallback, onFailure, keepError = false }: ConfirmedActionRunOptions,
  ) => {
    setBusy(true)
    if (!keepError) setError(null)
    try {
      const done = await action()
      setOpen(false)
      toast.success(done.message, done.title)
      navigate(done.to)
    } catch (failure) {
      onFailure?.(failure)
      setError(failure instanceof Error ? failure.message : fallback)
    } finally {
      setBusy(false)
    }
  }

  return {
    open: () => onOpenChange(true),
    run,
    dialog: { isOpen, onOpenChange, busy, error },
  }
}
