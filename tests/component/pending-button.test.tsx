import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PendingButton } from '../../src/components/form/pending-button'

// The button every save, export and "load more" uses while its action runs.

const icon = <svg data-testid="icon" aria-hidden="true" />

describe('the pending button', () => {
  it('at rest shows its icon and label, no spinner, and presses', async () => {
    const onPress = vi.fn()
    const { container } = render(
      <PendingButton className="p-button" icon={icon} isPending={false} onPress={onPress}>
        Export CSV
      </PendingButton>,
    )
    const button = screen.getByRole('button', { name: 'Export CSV' })
    expect(screen.queryByTestId('icon')).not.toBeNull()
    expect(container.querySelector('.p-spinner')).toBeNull()
    await userEvent.setup().click(button)
    expect(onPress).toHaveBeenCalledOnce()
  })

  it('pending, a hidden spinner takes the icon’s place, and a press does nothing', async () => {
    const onPress = vi.fn()
    const { container } = render(
      <PendingButton className="p-button" icon={icon} isPending onPress={onPress}>
        Export CSV
      </PendingButton>,
    )
    const button = screen.getByRole('button', { name: 'Export CSV' })
    const spinner = container.querySelector('.p-spinner.p-button__spinner')
    expect(spinner?.getAttribute('aria-hidden')).toBe('true')
    expect(button.firstElementChild).toBe(spinner)
    expect(screen.queryByTestId('icon')).toBeNull()
    expect(button.hasAttribute('data-pending')).toBe(true)
    await userEvent.setup().click(button)
    expect(onPress).not.toHaveBeenCalled()
  })
})
