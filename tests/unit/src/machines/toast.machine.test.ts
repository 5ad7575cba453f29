import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createActor } from 'xstate'
import { createToastApi } from '../../../../src/app/toast-context'
import {
  errorToastFields,
  type ToastSeverity,
  toastDefaults,
  toastMachine,
} from '../../../../src/machines/toast.machine'

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

function startToasts() {
  const actor = createActor(toastMachine, { input: {} }).start()
  return {
    actor,
    api: createToastApi((event) => actor.send(event)),
    shown: () => actor.getSnapshot().context.toasts,
    ids: () => actor.getSnapshot().context.toasts.map((toast) => toast.id),
  }
}

const expected: Array<[ToastSeverity, string, number]> = [
  ['success', 'Success', 5000],
  ['error', 'Error', 7000],
  ['warn', 'Warning', 6000],
  ['info', 'Information', 5000],
  ['generic', 'Notification', 5000],
]

describe('severities', () => {
  for (const [severity, title, life] of expected) {
    it(`${severity}: titled '${title}', gone after ${life} ms`, () => {
      const { actor, shown } = startToasts()
      actor.send({ type: 'toast.add', severity, detail: 'Saved the service.' })

      expect(shown()).toHaveLength(1)
      expect(shown()[0]).toMatchObject({ severity, summary: title, life, closable: true })

      vi.advanceTimersByTime(life - 1)
      expect(shown()).toHaveLength(1)
      vi.advanceTimersByTime(1)
      expect(shown()).toHaveLength(0)
    })
  }

  it('the defaults table is the product one', () => {
    expect(
      Object.fromEntries(Object.entries(toastDefaults).map(([k, v]) => [k, [v.summary, v.life]])),
    ).toEqual(
      Object.fromEntries(expected.map(([severity, title, life]) => [severity, [title, life]])),
    )
  })

  it('a given summary and life override the defaults', () => {
    const { actor, shown } = startToasts()
    actor.send({
      type: 'toast.add',
      severity: 'info',
      summary: 'Heads up',
      detail: 'x',
      life: 1000,
      closable: false,
    })
    expect(shown()[0]).toMatchObject({ summary: 'Heads up', life: 1000, closable: false })
    vi.advanceTimersByTime(1000)
    expect(shown()).toHaveLength(0)
  })
})

describe('error toasts', () => {
  it('life 0 stays until dismissed', () => {
    const { actor, api, shown } = startToasts()
    const id = api.error({ message: 'Card declined', duration: 0 })
    vi.advanceTimersByTime(60 * 60 * 1000)
    expect(shown()).toHaveLength(1)
    expect(shown()[0]).toMatchObject({ detail: 'Card declined', life: 0 })
    actor.send({ type: 'toast.dismiss', id })
    expect(shown()).toHaveLength(0)
  })

  it('accept text or { message, duration }', () => {
    expect(errorToastFields('Plain')).toEqual({ detail: 'Plain' })
    expect(errorToastFields({ message: 'Obj' })).toEqual({ detail: 'Obj' })
    expect(errorToastFields({ message: 'Obj', duration: 2000 })).toEqual({
      detail: 'Obj',
      life: 2000,
    })

    const { api, shown } = startToasts()
    api.error('Could not save')
    api.error({ message: 'Quick one', duration: 2000 }, 'Oops')
    expect(shown().map((toast) => [toast.summary, toast.detail, toast.life])).toEqual([
      ['Error', 'Could not save', 7000],
      ['Oops', 'Quick one', 2000],
    ])
    vi.advanceTimersByTime(2000)
    expect(shown().map((toast) => toast.detail)).toEqual(['Could not save'])
  })
})

describe('pause on hover', () => {
  it('keeps the remaining time across a pause', () => {
    const { actor, shown } = startToasts()
    actor.send({ type: 'toast.add', severity: 'success', detail: 'Saved' })
    vi.advanceTimersByTime(3000)
    actor.send({ type: 'toast.pause' })
    expect(shown()[0]?.remaining).toBe(2000)

    vi.advanceTimersByTime(60_000)
    expect(shown()).toHaveLength(1)

    actor.send({ type: 'toast.resume' })
    vi.advanceTimersByTime(1999)
    expect(shown()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(shown()).toHaveLength(0)
  })

  it('pauses every toast, and a toast added while paused waits for the resume', () => {
    const { actor, api, ids } = startToasts()
    const early = api.info('first')
    vi.advanceTimersByTime(4000)
    actor.send({ type: 'toast.pause' })
    const late = api.warn('second')
    vi.advanceTimersByTime(10_000)
    expect(ids()).toEqual([early, late])

    actor.send({ type: 'toast.resume' })
    vi.advanceTimersByTime(1000)
    expect(ids()).toEqual([late])
    vi.advanceTimersByTime(5000)
    expect(ids()).toEqual([])
  })

  it('repeated pause or resume events change nothing', () => {
    const { actor, shown } = startToasts()
    actor.send({ type: 'toast.add', severity: 'success', detail: 'Saved' })
    vi.advanceTimersByTime(1000)
    actor.send({ type: 'toast.pause' })
    vi.advanceTimersByTime(1000)
    actor.send({ type: 'toast.pause' })
    expect(shown()[0]?.remaining).toBe(4000)
    actor.send({ type: 'toast.resume' })
    actor.send({ type: 'toast.resume' })
    vi.advanceTimersByTime(3999)
    expect(shown()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(shown()).toHaveLength(0)
  })

  it('a sticky toast stays sticky through pause and resume', () => {
    const { actor, api, shown } = startToasts()
    api.open({ severity: 'warn', detail: 'Read me', life: 0 })
    actor.send({ type: 'toast.pause' })
    actor.send({ type: 'toast.resume' })
    vi.advanceTimersByTime(60_000)
    expect(shown()).toHaveLength(1)
  })
})

describe('dismiss and clear', () => {
  it('dismisses one toast by id, and its timer with it', () => {
    const { actor, api, ids } = startToasts()
    const first = api.success('one')
    const second = api.success('two')
    actor.send({ type: 'toast.dismiss', id: first })
    expect(ids()).toEqual([second])
    vi.advanceTimersByTime(5000)
    expect(ids()).toEqual([])
  })

  it('clear removes all toasts', () => {
    const { api, ids } = startToasts()
    api.success('one')
    api.error('two')
    api.open({ detail: 'three', life: 0 })
    api.clear()
    expect(ids()).toEqual([])
    vi.advanceTimersByTime(10_000)
    expect(ids()).toEqual([])
  })

  it('re-adding with a shown id replaces that toast and restarts its clock', () => {
    const { actor, shown } = startToasts()
    actor.send({ type: 'toast.add', id: 'sync', severity: 'info', detail: 'Syncing…' })
    vi.advanceTimersByTime(4000)
    actor.send({ type: 'toast.add', id: 'sync', severity: 'success', detail: 'Synced' })
    expect(shown()).toHaveLength(1)
    expect(shown()[0]).toMatchObject({ id: 'sync', severity: 'success', detail: 'Synced' })
    vi.advanceTimersByTime(4999)
    expect(shown()).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(shown()).toHaveLength(0)
  })
})

describe('useToast API', () => {
  it('maps each helper to its severity, with generic for open()', () => {
    const { api, shown } = startToasts()
    api.success('a')
    api.error('b')
    api.warn('c')
    api.info('d')
    api.open({ detail: 'e' })
    api.open({ severity: 'warn', summary: 'Custom', detail: 'f' })
    expect(shown().map((toast) => [toast.severity, toast.summary])).toEqual([
      ['success', 'Success'],
      ['error', 'Error'],
      ['warn', 'Warning'],
      ['info', 'Information'],
      ['generic', 'Notification'],
      ['warn', 'Custom'],
    ])
  })

  it('returns distinct ids that dismiss the right toast', () => {
    const { api, shown } = startToasts()
    const a = api.info('a')
    const b = api.info('b')
    expect(a).not.toBe(b)
    api.dismiss(a)
    expect(shown().map((toast) => toast.detail)).toEqual(['b'])
  })
})
