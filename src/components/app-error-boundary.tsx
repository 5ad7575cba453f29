import { Component, type ErrorInfo, type ReactNode } from 'react'
import { reportRenderError } from '../app/render-error-reporting'

interface State {
  failed: boolean
  eventId: string | undefined
}

/**
 * Last line of defence for render errors: reports them (to Sentry when monitoring is on) and
 * shows a way out instead of a blank page.
 */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, eventId: undefined }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    this.setState({ eventId: reportRenderError(error, info.componentStack ?? '') })
  }

  private readonly tryAgain = () => this.setState({ failed: false, eventId: undefined })

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children
    const { eventId } = this.state
    return (
      <main className="p-crash" id="main-content">
        <div className="p-card p-crash__card" role="alert">
          <h1 className="p-crash__title">Something went wrong</h1>
          <p>
            This page hit an unexpected error. Trying again often helps; if it keeps happening,
            reload the page.
          </p>
          {eventId ? (
            <p className="p-crash__reference">
              Error reference: <code>{eventId}</code>
            </p>
          ) : null}
          <div className="p-crash__actions">
            <button type="button" className="p-button p-button--primary" onClick={this.tryAgain}>
              Try again
            </button>
            <button type="button" className="p-button" onClick={() => window.location.reload()}>
              Reload page
            </button>
          </div>
        </div>
      </main>
    )
  }
}
