import { act, render, screen } from '@testing-library/react'
import { Component, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { Deferred, lazyPart } from '../../src/components/lazy-part'

// A piece of a screen in a chunk of its own (a dialog, FullCalendar): shown once its code is
// here, at once when it was preloaded, and fetched again after a failure.

function Greeting({ name }: { name: string }) {
  return <p>Hello, {name}</p>
}

/** What a screen's error boundary shows when a part could not be fetched. */
class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    return this.state.failed ? <p>Could not load</p> : this.props.children
  }
}

/** A part whose code "arrives" when the test says so, counting the fetches. */
function controlledPart() {
  const fetches: { resolve: (component: typeof Greeting) => void; reject: () => void }[] = []
  const part = lazyPart<{ name: string }>(
    () =>
      new Promise((resolve, reject) => {
        fetches.push({ resolve, reject: () => reject(new Error('chunk failed')) })
      }),
  )
  return { part, fetches }
}

describe('a lazy part', () => {
  it('rendered before its code is here, shows nothing, then the part once it arrives', async () => {
    const { part, fetches } = controlledPart()
    render(<Deferred part={part} props={{ name: 'Priya' }} />)
    expect(screen.queryByText('Hello, Priya')).toBeNull()
    expect(fetches).toHaveLength(1)
    fetches[0]?.resolve(Greeting)
    expect(await screen.findByText('Hello, Priya')).not.toBeNull()
  })

  it('preloaded, renders in the same pass as the screen, without waiting', async () => {
    const { part, fetches } = controlledPart()
    part.preload()
    part.preload()
    expect(fetches).toHaveLength(1)
    fetches[0]?.resolve(Greeting)
    await Promise.resolve()
    expect(part.loaded()).toBe(Greeting)
    render(<Deferred part={part} props={{ name: 'Sam' }} />)
    expect(screen.getByText('Hello, Sam')).not.toBeNull()
  })

  it('after a failed fetch, the next preload asks again', async () => {
    const { part, fetches } = controlledPart()
    part.preload()
    fetches[0]?.reject()
    await new Promise((resolve) => setTimeout(resolve, 0))
    part.preload()
    expect(fetches).toHaveLength(2)
    fetches[1]?.resolve(Greeting)
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(part.loaded()).toBe(Greeting)
  })

  it('rendered while its fetch fails, asks again when rendered next (React.lazy alone would keep the failure)', async () => {
    const { part, fetches } = controlledPart()
    const first = render(
      <Boundary>
        <Deferred part={part} props={{ name: 'Priya' }} />
      </Boundary>,
    )
    await act(async () => fetches[0]?.reject())
    expect(await screen.findByText('Could not load')).toBeTruthy()
    first.unmount()
    render(
      <Boundary>
        <Deferred part={part} props={{ name: 'Diego' }} />
      </Boundary>,
    )
    await act(async () => {})
    expect(fetches).toHaveLength(2)
    await act(async () => fetches[1]?.resolve(Greeting))
    expect(await screen.findByText('Hello, Diego')).toBeTruthy()
  })
})
