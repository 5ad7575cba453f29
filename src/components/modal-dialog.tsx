import type { ReactNode } from 'react'
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import './form/form-kit.css'

/**
 * The app's modal dialog: a react-aria modal named by its title. Focus moves inside, is
 * trapped there and returns to what opened it; the page behind is inert. Escape and a click
 * outside close it through `onClose`, except while `busy` (what it started is running) or
 * `holdOpen` (a dialog of its own is open on top, and that Escape belongs to it).
 * `closeButton` adds "×" beside the title (disabled while busy).
 */
export function ModalDialog({
  title,
  onClose,
  children,
  isOpen = true,
  busy = false,
  holdOpen = false,
  role,
  modalClass,
  closeButton = false,
}: {
  title: ReactNode
  onClose: () => void
  children: ReactNode
  isOpen?: boolean
  busy?: boolean
  holdOpen?: boolean
  /** `alertdialog` for a question that interrupts (a delete). */
  role?: 'dialog' | 'alertdialog'
  /** A width of its own (e.g. `p-appointment-modal`), beside the shared `p-modal`. */
  modalClass?: string
  closeButton?: boolean
}) {
  const dismissable = !busy && !holdOpen
  const heading = (
    <Heading slot="title" className="p-dialog__title">
      {title}
    </Heading>
  )
  return (
    <ModalOverlay
      className="p-modal-overlay"
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open && !busy) onClose()
      }}
      isDismissable={dismissable}
      isKeyboardDismissDisabled={!dismissable}
    >
      <Modal className={modalClass ? `p-modal ${modalClass}` : 'p-modal'}>
        <Dialog className="p-dialog" role={role}>
          {closeButton ? (
            <div className="p-dialog__header">
              {heading}
              <Button
                className="p-icon-button"
                aria-label="Close"
                onPress={onClose}
                isDisabled={busy}
              >
                <span aria-hidden="true">×</span>
              </Button>
            </div>
          ) : (
            heading
          )}
          {children}
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}
