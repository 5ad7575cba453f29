import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ListScreenBody, type ListScreenBodyProps } from '../../src/components/list-screen-body'

// The body every list screen shares: which of its five faces shows, and what each offers.

type ListState = ListScreenBodyProps['list']

function listOf(overrides: Partial<ListState> = {}): ListState {
  return {
    error: null,
    isFirstLoad: false,
    isEmpty: false,
    isEmptyMatch: false,
    isRefreshing: false,
    total: 3,
    page: vi.fn(),
    reload: vi.fn(),
    query: { offset: 0, limit: 25 },
    ...overrides,
  }
}

function renderBody(list: ListState, extra: Partial<ListScreenBodyProps> = {}) {
  return render(
    <ListScreenBody
      list={list}
      errorTitle="Services could not be loaded"
      skeleton={{ label: 'Loading services', columns: 3 }}
      noMatch={<p>No service matches “zzz”.</p>}
      nothingYet={<p>No services yet. Add your first service.</p>}
      noun="services"
      {...extra}
    >
      <table aria-label="Services" />
    </ListScreenBody>,
  )
}

describe('the list body', () => {
  it('says why the list failed and tries again on request', async () => {
    const list = listOf({ error: 'The server is not answering.' })
    renderBody(list)
    expect(screen.getByText('Services could not be loaded')).toBeTruthy()
    expect(screen.getByText('The server is not answering.')).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(list.reload).toHaveBeenCalledOnce()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('shows a skeleton a screen reader hears while the first page, or the profile, loads', () => {
    const { rerender } = renderBody(listOf({ isFirstLoad: true }))
    expect(screen.getByRole('status').textContent).toBe('Loading services')
    rerender(
      <ListScreenBody
        list={listOf()}
        errorTitle="x"
        skeleton={{ label: 'Loading services', columns: 3 }}
        nothingYet={null}
        noun="services"
        isWaiting
      >
        <table aria-label="Services" />
      </ListScreenBody>,
    )
    expect(screen.getByRole('status').textContent).toBe('Loading services')
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('tells an empty search from an empty list', () => {
    const { unmount } = renderBody(listOf({ isEmpty: true, isEmptyMatch: true, total: 0 }))
    expect(screen.getByText('No service matches “zzz”.')).toBeTruthy()
    unmount()
    renderBody(listOf({ isEmpty: true, total: 0 }))
    expect(screen.getByText('No services yet. Add your first service.')).toBeTruthy()
  })

  it('shows the page with its pagination, which turns the page', async () => {
    const list = listOf({ total: 60 })
    renderBody(list)
    expect(screen.getByRole('table', { name: 'Services' })).toBeTruthy()
    const next = screen.getByRole('button', { name: /next/i })
    await userEvent.setup().click(next)
    expect(list.page).toHaveBeenCalled()
  })
})
