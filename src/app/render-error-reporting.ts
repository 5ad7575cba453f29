/**
 * How the error boundary reports a render error: to Sentry once it has loaded (it is loaded
 * after start-up, only when a DSN is configured), otherwise nowhere. Returns the event id to
 * show the user, if any.
 */
type RenderErrorReporter = (error: unknown, componentStack: string) => string | undefined

let reporter: RenderErrorReporter | null = null

export function setRenderErrorReporter(next: RenderErrorReporter | null): void {
  reporter = next
}

export function reportRenderError(error: unknown, componentStack: string): string | undefined {
  return reporter?.(error, componentStack)
}
