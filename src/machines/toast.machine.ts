import { enqueueActions, setup } from 'xstate'

export type ToastSeverity = 'success' | 'error' | 'warn' | 'info' | 'generic'

/** Titles and lifetimes (ms) the product has always used; life 0 keeps a toast until dismissed. */
export const toastDefaults: Record<ToastSeverity, { summary: string; life: number }> = {
  success: { summary: 'Success', life: 5000 },
  error: { summary: 'Error', life: 7000 },
  warn: { summary: 'Warning', life: 6000 },
  info: { summary: 'Information', life: 5000 },
  generic: { summary: 'Notification', life: 5000 },
}

/** A toast as the list shows it. */
export interface ToastMessage {
  id: string
  severity: ToastSeverity
  summary: string
  detail: string
  /** Total lifetime in ms; 0 = stays until dismissed. */
  life: number
  closable: boolean
}

export interface ToastEntry extends ToastMessage {
  /** Time left on its clock, as of `startedAt` (or of the pause). */
  remaining: number
  /** When its clock last started; null while paused or when it never expires. */
  startedAt: number | null
}

export type ToastAddEvent = {
  type: 'toast.add'
  severity: ToastSeverity
  /** Adding with an id that is already shown replaces that toast. */
  id?: string
  summary?: string
  detail: string
  life?: number
  closable?: boolean
}

export type ToastEvent =
  | ToastAddEvent
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toast.clear' }
  /** Hovering (or focusing) the toasts stops every clock, as react-hot-toast does. */
  | { type: 'toast.pause' }
  | { type: 'toast.resume' }
  | { type: 'toast.expire'; id: string }

export interface ToastContext {
  toasts: ToastEntry[]
  paused: boolean
  nextId: number
  now: () => number
}

/** Error toasts accept plain text or `{ message, duration? }`. */
export type ErrorToastInput = string | { message: string; duration?: number }

export function errorToastFields(input: ErrorToastInput): { detail: string; life?: number } {
  if (typeof input === 'string') return { detail: input }
  return input.duration === undefined
    ? { detail: input.message }
    : { detail: input.message, life: input.duration }
}

const timerId = (id: string) => `toast.expire:${id}`

/**
 * The list of toasts and their expiry clocks. The renderer only mirrors `context.toasts`;
 * delays are XState's own, so fake timers drive them in tests.
 */
export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
    input: {} as { now?: () => number } | undefined,
  },
  actions: {
    addToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.add') return
      const defaults = toastDefaults[event.severity]
      const id = event.id ?? `toast-${context.nextId}`
      const life = Math.max(0, event.life ?? defaults.life)
      const running = life > 0 && !context.paused
      const entry: ToastEntry = {
        id,
        severity: event.severity,
        summary: event.summary ?? defaults.summary,
        detail: event.detail,
        life,
        closable: event.closable ?? true,
        remaining: life,
        startedAt: running ? context.now() : null,
      }
      const replaced = context.toasts.some((toast) => toast.id === id)
      enqueue.cancel(timerId(id))
      enqueue.assign({
        nextId: context.nextId + 1,
        toasts: replaced
          ? context.toasts.map((toast) => (toast.id === id ? entry : toast))
          : [...context.toasts, entry],
      })
      if (running) enqueue.raise({ type: 'toast.expire', id }, { id: timerId(id), delay: life })
    }),
    removeToast: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'toast.dismiss' && event.type !== 'toast.expire') return
      enqueue.cancel(timerId(event.id))
      enqueue.assign({ toasts: context.toasts.filter((toast) => toast.id !== event.id) })
    }),
    clearToasts: enqueueActions(({ context, enqueue }) => {
      for (const toast of context.toasts) enqueue.cancel(timerId(toast.id))
      enqueue.assign({ toasts: [] })
    }),
    pauseClocks: enqueueActions(({ context, enqueue }) => {
      if (context.paused) return
      const now = context.now()
      for (const toast of context.toasts) enqueue.cancel(timerId(toast.id))
      enqueue.assign({
        paused: true,
        toasts: context.toasts.map((toast) =>
          toast.startedAt === null
            ? toast
            : {
                ...toast,
                remaining: Math.max(0, toast.remaining - (now - toast.startedAt)),
                startedAt: null,
              },
        ),
      })
    }),
    resumeClocks: enqueueActions(({ context, enqueue }) => {
      if (!context.paused) return
      const now = context.now()
      for (const toast of context.toasts) {
        if (toast.life > 0) {
          enqueue.raise(
            { type: 'toast.expire', id: toast.id },
            { id: timerId(toast.id), delay: toast.remaining },
          )
        }
      }
      enqueue.assign({
        paused: false,
        toasts: context.toasts.map((toast) =>
          toast.life > 0 ? { ...toast, startedAt: now } : toast,
        ),
      })
    }),
  },
}).createMachine({
  id: 'toast',
  context: ({ input }) => ({
    toasts: [],
    paused: false,
    nextId: 1,
    now: input?.now ?? (() => Date.now()),
  }),
  on: {
    'toast.add': { actions: 'addToast' },
    'toast.dismiss': { actions: 'removeToast' },
    'toast.expire': { actions: 'removeToast' },
    'toast.clear': { actions: 'clearToasts' },
    'toast.pause': { actions: 'pauseClocks' },
    'toast.resume': { actions: 'resumeClocks' },
  },
})

export type ToastMachine = typeof toastMachine
