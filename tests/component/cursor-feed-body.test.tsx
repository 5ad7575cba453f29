import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { CursorFeedBody } from '../../src/components/form/cursor-feed-body'
import type { CursorFeedView } from '../../src/components/form/use-cursor-feed'

// The body of the "Load more" lists (activity, payments): which of its faces shows, and what
// each offers.

function feedOf(overrides: Partial<CursorFeedView<unknown>> = {}): CursorFeedView<unknown> {
  return {
    items: [{ id: 'p1' }],
    loading: false,
    loadingMore: false,
    empty: false,
    failure: null,
    moreFailure: null,
    hasMore: true,
    loadMore: vi.fn(),
    retry: vi.fn(),
    ...overrides,
  }
}

function renderBody(feed: CursorFeedView<unknown>, filtered = false, onClear = vi.fn()) {
  return render(
    <CursorFeedBody
      feed={feed}
      skeleton={<p>Loading payments…</p>}
      errorTitle="Couldn't load your payments"
      filtered={filtered}
      noMatch={{ title: 'No payments match these filters', hint: 'Try another state.', onClear }}
      nothingYet={<p>No payments yet.</p>}
    >
      <table aria-label="Payments" />
    </CursorFeedBody>,
  )
}

describe('the cursor feed body', () => {
  it('shows the skeleton, and nothing else, until the first page arrives', () => {
    renderBody(feedOf({ loading: true, items: [] }))
    expect(screen.getByText('Loading payments…')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  it('says why the first page failed and tries again', async () => {
    const feed = feedOf({ failure: { message: 'The server is down.', status: 503 }, items: [] })
    renderBody(feed)
    const alert = screen.getByRole('alert')
    expect(alert.textContent).toContain("Couldn't load your payments")
    expect(alert.textContent).toContain('The server is down.')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }))
    expect(feed.retry).toHaveBeenCalledOnce()
  })

  it('empty and filtered, offers to clear the filters', async () => {
    const onClear = vi.fn()
    renderBody(feedOf({ empty: true, items: [], hasMore: false }), true, onClear)
    const empty = screen.getByRole('region', { name: 'No payments match these filters' })
    expect(empty.textContent).toContain('Try another state.')
    await userEvent.setup().click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(onClear).toHaveBeenCalledOnce()
  })

  it('empty and unfiltered, shows what comes first', () => {
    renderBody(feedOf({ empty: true, items: [], hasMore: false }))
    expect(screen.getByText('No payments yet.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Clear filters' })).toBeNull()
  })

  it('with rows, shows them and loads more', async () => {
    const feed = feedOf()
    renderBody(feed)
    expect(screen.getByRole('table', { name: 'Payments' })).toBeTruthy()
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }))
    expect(feed.loadMore).toHaveBeenCalledOnce()
  })
})
