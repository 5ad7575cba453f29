import {
  Component,
  type ComponentType,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useState,
} from 'react'
import { LoadingIndicator } from '../components/loading-indicator'

/** A screen's code chunk could not be fetched (offline, deploy in progress, flaky network). */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('A screen failed to load', { cause })
    this.name = 'ScreenLoadError'
  }
}

/** A screen whose code is fetched on first use; `retry` makes the next render import it again. */
export interface LazyScreen {
  current(): ComponentType
  retry(): void
  /**
   * Starts fetching the screen's code now, before anything renders it (a cold start fetches it
   * beside the app's other start-up chunks instead of after them). A failure is left to the
   * render, whose import asks again.
   */
  preload(): void
}

/**
 * Wraps a screen module in React.lazy. React.lazy caches a failed import for ever, so a retry
 * builds a new lazy component, which calls `load()` (and so the bundler's chunk loader) again.
 */
export function lazyScreen<Module>(
  load: () => Promise<Module>,
  pick: (module: Module) => ComponentType,
  /** The screen itself when its module is known to be loaded already, else null. */
  loaded: () => ComponentType | null = () => null,
): LazyScreen {
  const create = () =>
    lazy(() =>
      load().then(
        (module) => ({ default: pick(module) }),
        (error: unknown) => {
          throw new ScreenLoadError(error)
        },
      ),
    )
  let component = create()
  return {
    current: () => loaded() ?? component,
    retry: () => {
      component = create()
    },
    preload: () => {
      load().catch(() => {})
    },
  }
}

interface BoundaryProps {
  onRetry: () => void
  children: ReactNode
}

// Catches only chunk failures; a screen's render errors are rethrown to the app's error boundary.
class ScreenLoadBoundary extends Component<BoundaryProps, { error: unknown }> {
  state: { error: unknown } = { error: null }

  static getDerivedStateFromError(error: unknown) {
    return { error }
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    if (error instanceof ScreenLoadError) {
      console.warn('Screen chunk failed to load', error.cause, info.componentStack)
    }
  }

  retry = () => {
    this.props.onRetry()
    this.setState({ error: null })
  }

  render() {
    const { error } = this.state
    if (error instanceof ScreenLoadError) return <ScreenLoadFailed onRetry={this.retry} />
    if (error) throw error
    return this.props.children
  }
}

function ScreenLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="p-card p-load-failed" role="alert">
      <p>This page didn't load. Check your connection and try again.</p>
      <button type="button" className="p-button p-button--primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  )
}

/** Renders a lazy screen with a loading indicator while its chunk loads and a retry if it fails. */
export function ScreenOutlet({ screen }: { screen: LazyScreen }) {
  const [, setAttempt] = useState(0)
  const Screen = screen.current()
  return (
    <ScreenLoadBoundary
      onRetry={() => {
        screen.retry()
        setAttempt((attempt) => attempt + 1)
      }}
    >
      <Suspense fallback={<LoadingIndicator label="Loading page…" />}>
        <Screen />
      </Suspense>
    </ScreenLoadBoundary>
  )
}
