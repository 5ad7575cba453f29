import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { LoadFailedAlert } from '../../src/components/load-failed-alert'

// The one "couldn't load … / Try again" block every screen shows when its data did not come.

describe('the load-failed alert', () => {
  it('announces what failed and why, and asks again once per press', async () => {
    const retry = vi.fn()
    render(
      <LoadFailedAlert
        title="Couldn't load the insights"
        message="The server is not answering."
        onRetry={retry}
      />,
    )
    const alert = screen.getByRole('alert')
    expect(alert.querySelector('.p-alert__title')?.textContent).toBe("Couldn't load the insights")
    expect(alert.textContent).toContain('The server is not answering.')
    const again = screen.getByRole('button', { name: 'Try again' })
    expect(alert.contains(again)).toBe(true)
    expect(retry).not.toHaveBeenCalled()
    await userEvent.setup().click(again)
    expect(retry).toHaveBeenCalledOnce()
  })

  it('adds what still works after the reason', () => {
    render(
      <LoadFailedAlert
        title="Couldn't load your current settings"
        message="Offline."
        onRetry={vi.fn()}
      >
        The pages below still open.
      </LoadFailedAlert>,
    )
    expect(screen.getByRole('alert').textContent).toContain('Offline. The pages below still open.')
  })
})
