import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { ConfirmDialog } from '../../src/components/form/confirm-dialog'

// The dialog every delete and erase asks through, as a keyboard and screen-reader user meets it.

function Harness(props: { busy?: boolean; error?: string | null; onConfirm?: () => void }) {
  const [isOpen, setOpen] = useState(true)
  return (
    <>
      <p>{isOpen ? 'open' : 'closed'}</p>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title="Delete Signature Haircut?"
        confirmLabel="Delete service"
        onConfirm={props.onConfirm ?? (() => {})}
        busy={props.busy}
        error={props.error}
      >
        It disappears from the booking page.
      </ConfirmDialog>
    </>
  )
}

describe('the confirm dialog', () => {
  it('is an alert dialog named by its title, and takes the focus', async () => {
    render(<Harness />)
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Signature Haircut?' })
    expect(dialog.textContent).toContain('It disappears from the booking page.')
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
  })

  it('confirms with its button and cancels with Escape', async () => {
    const user = userEvent.setup()
    const onConfirm = vi.fn()
    render(<Harness onConfirm={onConfirm} />)
    await user.click(screen.getByRole('button', { name: 'Delete service' }))
    expect(onConfirm).toHaveBeenCalledOnce()
    await user.keyboard('{Escape}')
    expect(screen.getByText('closed')).toBeTruthy()
    expect(screen.queryByRole('alertdialog')).toBeNull()
  })

  it('cannot be dismissed while busy, and says so to a screen reader', async () => {
    const user = userEvent.setup()
    render(<Harness busy />)
    await user.keyboard('{Escape}')
    expect(screen.getByText('open')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(
      true,
    )
    // react-aria marks a pending button busy rather than disabled, so it keeps its focus.
    expect(
      screen.getByRole('button', { name: /Delete service/ }).getAttribute('aria-disabled'),
    ).toBe('true')
  })

  it('shows why the action failed without closing', () => {
    render(<Harness error="This service has upcoming appointments." />)
    expect(screen.getByRole('alert').textContent).toBe('This service has upcoming appointments.')
    expect(screen.getByText('open')).toBeTruthy()
  })
})
