import { createActorContext } from '@xstate/react'
import { type FocusEvent, type ReactNode, useEffect, useMemo, useRef } from 'react'
import toast, { Toaster } from 'react-hot-toast'
import {
  type ErrorToastInput,
  errorToastFields,
  type ToastEvent,
  type ToastMessage,
  type ToastSeverity,
  toastMachine,
} from '../machines/toast.machine'

/** The app-wide toast machine; the list in its context is the only source of truth. */
export const ToastContext = createActorContext(toastMachine)

export function ToastProvider({ children }: { children: ReactNode }) {
  return <ToastContext.Provider>{children}</ToastContext.Provider>
}

export interface OpenToastOptions {
  severity?: ToastSeverity
  summary?: string
  detail: string
  /** ms; 0 keeps it until dismissed. Defaults per severity. */
  life?: number
  closable?: boolean
}

/** Each method returns the toast's id, for `dismiss`. */
export interface ToastApi {
  success(detail: string, summary?: string): string
  error(detailOrError: ErrorToastInput, summary?: string): string
  warn(detail: string, summary?: string): string
  info(detail: string, summary?: string): string
  /** A toast of any severity; 'generic' (title 'Notification') unless one is given. */
  open(options: OpenToastOptions): string
  dismiss(id: string): void
  clear(): void
}

let lastId = 0

/** The toast API over any `send`; `useToast` binds it to the app's toast machine. */
export function createToastApi(send: (event: ToastEvent) => void): ToastApi {
  const add = (severity: ToastSeverity, fields: Omit<OpenToastOptions, 'severity'>) => {
    lastId += 1
    const id = `toast-${lastId}`
    send({ type: 'toast.add', id, severity, ...fields })
    return id
  }
  return {
    success: (detail, summary) => add('success', { detail, summary }),
    error: (detailOrError, summary) =>
      add('error', { ...errorToastFields(detailOrError), summary }),
    warn: (detail, summary) => add('warn', { detail, summary }),
    info: (detail, summary) => add('info', { detail, summary }),
    open: ({ severity = 'generic', ...fields }) => add(severity, fields),
    dismiss: (id) => send({ type: 'toast.dismiss', id }),
    clear: () => send({ type: 'toast.clear' }),
  }
}

export function useToast(): ToastApi {
  const actor = ToastContext.useActorRef()
  return useMemo(() => createToastApi((event) => actor.send(event)), [actor])
}

const accents: Record<ToastSeverity, string> = {
  success: 'var(--p-green-600, #15803d)',
  error: 'var(--p-red-600, #b91c1c)',
  warn: 'var(--p-amber-600, #b45309)',
  info: 'var(--p-blue-600, #1d4ed8)',
  generic: 'var(--p-surface-500, #64748b)',
}

function ToastCard({
  message,
  send,
}: {
  message: ToastMessage
  send: (event: ToastEvent) => void
}) {
  const isError = message.severity === 'error'
  const pause = () => send({ type: 'toast.pause' })
  const resume = () => send({ type: 'toast.resume' })
  // Keyboard users get the same grace as mouse users while focus is inside a toast.
  const resumeWhenFocusLeaves = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) resume()
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and focus only pause the expiry clocks; the toast itself is not a control
    <div
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-severity={message.severity}
      className={`p-toast p-toast--${message.severity}`}
      onMouseEnter={pause}
      onMouseLeave={resume}
      onFocus={pause}
      onBlur={resumeWhenFocusLeaves}
      style={{
        display: 'flex',
        alignItems: 'flex-start',
        gap: '0.75rem',
        boxSizing: 'border-box',
        width: '25rem',
        maxWidth: 'calc(100vw - 2rem)',
        padding: '0.75rem 1rem',
        borderRadius: 'var(--p-border-radius, 0.5rem)',
        borderInlineStart: `0.25rem solid ${accents[message.severity]}`,
        background: 'var(--p-content-background, #ffffff)',
        color: 'var(--p-text-color, #1f2937)',
        boxShadow: '0 4px 12px rgb(0 0 0 / 0.15)',
      }}
    >
      <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        <p style={{ margin: 0, fontWeight: 600, color: accents[message.severity] }}>
          {message.summary}
        </p>
        <p style={{ margin: '0.25rem 0 0' }}>{message.detail}</p>
      </div>
      {message.closable ? (
        <button
          type="button"
          aria-label="Dismiss notification"
          onClick={() => send({ type: 'toast.dismiss', id: message.id })}
          style={{
            flex: 'none',
            border: 0,
            background: 'transparent',
            color: 'inherit',
            cursor: 'pointer',
            fontSize: '1.25rem',
            lineHeight: 1,
            padding: '0.125rem 0.25rem',
          }}
        >
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  )
}

/**
 * Renders the machine's toasts with react-hot-toast, top-right. Each toast is a
 * `toast.custom` that never expires on its own (`duration: Infinity`) and is removed when the
 * machine drops it, so timers, pausing and dismissal all live in the machine.
 */
export function AppToaster() {
  const toasts = ToastContext.useSelector((snapshot) => snapshot.context.toasts)
  const actor = ToastContext.useActorRef()
  // id → what is on screen, so a toast is re-rendered only when its content changes (a
  // pause alone changes its clock, not its content).
  const shown = useRef(new Map<string, string>())

  useEffect(() => {
    const send = (event: ToastEvent) => actor.send(event)
    const live = new Set<string>()
    for (const message of toasts) {
      live.add(message.id)
      const content = JSON.stringify([
        message.severity,
        message.summary,
        message.detail,
        message.closable,
      ])
      if (shown.current.get(message.id) === content) continue
      shown.current.set(message.id, content)
      toast.custom(<ToastCard message={message} send={send} />, {
        id: message.id,
        duration: Number.POSITIVE_INFINITY,
      })
    }
    for (const id of shown.current.keys()) {
      if (!live.has(id)) {
        toast.remove(id)
        shown.current.delete(id)
      }
    }
  }, [toasts, actor])

  useEffect(() => {
    const onScreen = shown.current
    return () => {
      for (const id of onScreen.keys()) toast.remove(id)
      onScreen.clear()
    }
  }, [])

  return <Toaster position="top-right" toastOptions={{ duration: Number.POSITIVE_INFINITY }} />
}
