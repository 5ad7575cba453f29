import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ModalDialog } from '../../src/components/modal-dialog'

// The shell every modal of the app opens in, as a keyboard and screen-reader user meets it.

function Harness({
  busy = false,
  holdOpen = false,
  closeButton = false,
  onClose = () => {},
}: {
  busy?: boolean
  holdOpen?: boolean
  closeButton?: boolean
  onClose?: () => void
}) {
  const [isOpen, setOpen] = useState(true)
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <p>{isOpen ? 'open' : 'closed'}</p>
      <ModalDialog
        isOpen={isOpen}
        title="Refund payment"
        onClose={() => {
          onClose()
          setOpen(false)
        }}
        busy={busy}
        holdOpen={holdOpen}
        closeButton={closeButton}
        modalClass="p-till-modal"
      >
        <label>
          Reason <input name="reason" />
        </label>
      </ModalDialog>
    </>
  )
}

describe('the modal dialog shell', () => {
  it('is a modal dialog named by its title, and takes the focus', async () => {
    render(<Harness />)
    const dialog = screen.getByRole('dialog', { name: 'Refund payment' })
    expect(dialog.getAttribute('aria-labelledby')).toBe(
      screen.getByRole('heading', { name: 'Refund payment' }).id,
    )
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    // The page behind is out of reach (inert) while it is open.
    expect(screen.getByRole('button', { name: 'Open' }).closest('[inert]')).not.toBeNull()
    expect(dialog.closest('.p-modal')?.classList.contains('p-till-modal')).toBe(true)
  })

  it('keeps the focus inside while tabbing', async () => {
    const user = userEvent.setup()
    render(<Harness closeButton />)
    const dialog = screen.getByRole('dialog')
    for (let press = 0; press < 4; press += 1) {
      await user.tab()
      expect(dialog.contains(document.activeElement)).toBe(true)
    }
  })

  it('closes with Escape', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<Harness onClose={onClose} />)
    await user.keyboard('{Escape}')
    expect(onClose).toHaveBeenCalledOnce()
    expect(screen.getByText('closed')).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it('stays open on Escape while busy, with its close button disabled', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<Harness busy closeButton onClose={onClose} />)
    await user.keyboard('{Escape}')
    expect(onClose).not.toHaveBeenCalled()
    expect(screen.getByText('open')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Close' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it('leaves Escape to a dialog open on top of it, yet its close button still closes it', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    render(<Harness holdOpen closeButton onClose={onClose} />)
    await user.keyboard('{Escape}')
    expect(onClose).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    expect(onClose).toHaveBeenCalledOnce()
  })

  it('asks as an alert dialog when told to', () => {
    render(
      <ModalDialog title="Delete Signature Haircut?" onClose={() => {}} role="alertdialog">
        It disappears from the booking page.
      </ModalDialog>,
    )
    expect(screen.getByRole('alertdialog', { name: 'Delete Signature Haircut?' })).toBeTruthy()
  })
})
