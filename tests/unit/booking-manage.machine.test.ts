import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import type { PublicAppointment, PublicSlot } from '../../src/machines/booking.machine'
import {
  type CancelChange,
  type ManageInput,
  manageAppointmentMachine,
  NO_TOKEN_MESSAGE,
  REASON_REQUIRED,
  type RescheduleChange,
} from '../../src/machines/manage-appointment.machine'
import { reportingToParent, weekOfSlotsMachine } from '../../src/machines/week-of-slots.machine'
import {
  apiError,
  appointment,
  appointmentId,
  firstSlot,
  manageToken,
  secondSlot,
} from './support/booking-harness'
import { flush } from './support/parked-effects'

type Outcome<T> = { output: T } | { fails: unknown }

/** The manage machine with scripted answers, recording what each effect was asked. */
function createManage(
  script: {
    load?: Outcome<PublicAppointment>[]
    reschedule?: Outcome<PublicAppointment>[]
    cancel?: Outcome<PublicAppointment>[]
  },
  input: Partial<ManageInput> = {},
) {
  const calls = { reschedule: [] as RescheduleChange[], cancel: [] as CancelChange[] }
  const answer = <T>(queue: Outcome<T>[] | undefined): Promise<T> => {
    const next = queue?.shift()
    if (!next) return new Promise<T>(() => {})
    return 'fails' in next ? Promise.reject(next.fails) : Promise.resolve(next.output)
  }
  let keys = 0
  const machine = manageAppointmentMachine.provide({
    actors: {
      loadAppointment: fromPromise(() => answer(script.load)),
      weekOfSlots: reportingToParent(
        weekOfSlotsMachine.provide({
          actors: { loadSlots: fromPromise(async () => [firstSlot, secondSlot] as PublicSlot[]) },
        }),
      ),
      reschedule: fromPromise(({ input }: { input: RescheduleChange }) => {
        calls.reschedule.push(input)
        return answer(script.reschedule)
      }),
      cancel: fromPromise(({ input }: { input: CancelChange }) => {
        calls.cancel.push(input)
        return answer(script.cancel)
      }),
    },
  })
  const actor = createActor(machine, {
    input: {
      appointmentId,
      token: manageToken,
      timeZone: 'Europe/Berlin',
      today: '2026-12-01',
      newIdempotencyKey: () => `key-${++keys}`,
      ...input,
    },
  }).start()
  /** Chooses a time in the week of free times rescheduling has open, once it has loaded. */
  const choose = (slot: PublicSlot) => {
    const week = actor.getSnapshot().children.weekOfSlots
    expect(week?.getSnapshot().value).toBe('ready')
    week?.send({ type: 'week.slotChosen', slot })
  }
  return { actor, calls, choose }
}

describe('manage appointment machine', () => {
  it('needs the token from the link', () => {
    const { actor } = createManage({}, { token: null })
    expect(actor.getSnapshot().value).toBe('failed')
    expect(actor.getSnapshot().context.error).toBe(NO_TOKEN_MESSAGE)
    expect(actor.getSnapshot().can({ type: 'manage.retry' })).toBe(false)
  })

  it('moves the appointment to a chosen free time', async () => {
    const moved = appointment(secondSlot.starts_at)
    const { actor, calls, choose } = createManage({
      load: [{ output: appointment() }],
      reschedule: [{ output: moved }],
    })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    await flush()
    expect(actor.getSnapshot().value).toEqual({ rescheduling: 'choosing' })
    choose(secondSlot)
    await flush()
    expect(calls.reschedule).toEqual([
      {
        appointmentId,
        token: manageToken,
        idempotencyKey: 'key-1',
        body: { starts_at: secondSlot.starts_at },
      },
    ])
    expect(actor.getSnapshot().value).toBe('viewing')
    expect(actor.getSnapshot().context.appointment?.starts_at).toBe(secondSlot.starts_at)
  })

  it('refuses to start a change past the cut-off', async () => {
    const late = { ...appointment(), can_reschedule: false, can_cancel: false }
    const { actor } = createManage({ load: [{ output: late }] })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    actor.send({ type: 'manage.cancelStarted' })
    expect(actor.getSnapshot().value).toBe('viewing')
  })

  it('reloads the times with the server’s message when the chosen one was taken', async () => {
    const { actor, choose } = createManage({
      load: [{ output: appointment() }],
      reschedule: [{ fails: apiError(409, 'That time is no longer free.') }],
    })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    await flush()
    choose(secondSlot)
    await flush()
    expect(actor.getSnapshot().value).toEqual({ rescheduling: 'choosing' })
    expect(actor.getSnapshot().context.notice).toBe('That time is no longer free.')
    // The week was opened again: it loaded the times still free, and another can be chosen.
    choose(firstSlot)
    expect(actor.getSnapshot().value).toEqual({ rescheduling: 'saving' })
  })

  it('asks for a reason, cancels, and retries a failed cancel with the same key', async () => {
    const cancelled = { ...appointment(), status: 'cancelled' as const, cancel_reason: 'Ill' }
    const { actor, calls } = createManage({
      load: [{ output: appointment() }],
      cancel: [{ fails: new TypeError('Failed to fetch') }, { output: cancelled }],
    })
    await flush()
    actor.send({ type: 'manage.cancelStarted' })
    actor.send({ type: 'manage.cancelConfirmed' })
    expect(actor.getSnapshot().context.reasonError).toBe(REASON_REQUIRED)
    actor.send({ type: 'manage.reasonChanged', reason: 'Ill' })
    actor.send({ type: 'manage.cancelConfirmed' })
    await flush()
    expect(actor.getSnapshot().value).toEqual({ cancelling: 'saveFailed' })
    actor.send({ type: 'manage.retry' })
    await flush()
    expect(calls.cancel.map((call) => call.idempotencyKey)).toEqual(['key-1', 'key-1'])
    expect(actor.getSnapshot().value).toBe('viewing')
    expect(actor.getSnapshot().context.appointment?.status).toBe('cancelled')
  })
})
