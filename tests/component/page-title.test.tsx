import { fireEvent, render } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { useDocumentTitle, usePageTitle } from '../../src/components/use-page-title'

// Who names the page when a frame (the booking layout) and a screen inside it both claim it.

function Frame({ title, children }: { title: string; children?: React.ReactNode }) {
  useDocumentTitle(title, 'frame')
  return <div>{children}</div>
}

function NotFound() {
  usePageTitle('Page not found')
  return <p>not found</p>
}

function Toggle({ initial }: { initial: boolean }) {
  const [shown, setShown] = useState(initial)
  return (
    <Frame title="Choose a time - Slotwise Appointments">
      <button type="button" onClick={() => setShown(!shown)}>
        toggle
      </button>
      {shown ? <NotFound /> : null}
    </Frame>
  )
}

describe('the document title', () => {
  it('is the screen’s when frame and screen mount in one commit (the frame’s effect runs last)', () => {
    render(<Toggle initial />)
    expect(document.title).toBe('Page not found - Slotwise Appointments')
  })

  it('is the frame’s again once the screen that claimed it is gone', () => {
    const { getByRole } = render(<Toggle initial />)
    fireEvent.click(getByRole('button'))
    expect(document.title).toBe('Choose a time - Slotwise Appointments')
  })

  it('is the screen’s when the screen mounts after the frame', () => {
    const { getByRole } = render(<Toggle initial={false} />)
    expect(document.title).toBe('Choose a time - Slotwise Appointments')
    fireEvent.click(getByRole('button'))
    expect(document.title).toBe('Page not found - Slotwise Appointments')
  })
})
