import { describe, expect, it } from 'vitest'
import { createActor, fromPromise } from 'xstate'
import { ApiError } from '../../../../src/api/api-error'
import type { PublicAppointment, PublicSlot } from '../../../../src/machines/booking-context'
import {
  type CancelChange,
  type ManageInput,
  manageAppointmentMachine,
  NO_TOKEN_MESSAGE,
  REASON_REQUIRED,
  type RescheduleChange,
} from '../../../../src/machines/manage-appointment.machine'
import {
  type MonthQuery,
  monthOfSlotsMachine,
  monthReportingToParent,
} from '../../../../src/machines/month-of-slots.machine'
import {
  apiError,
  appointment,
  appointmentId,
  firstSlot,
  manageToken,
  secondSlot,
} from '../../../support/unit/booking-harness'
import { flush } from '../../../support/unit/parked-effects'

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
  const calls = {
    reschedule: [] as RescheduleChange[],
    cancel: [] as CancelChange[],
    months: [] as MonthQuery[],
  }
  const answer = <T>(queue: Outcome<T>[] | undefined): Promise<T> => {
    const next = queue?.shift()
    if (!next) return new Promise<T>(() => {})
    return 'fails' in next ? Promise.reject(next.fails) : Promise.resolve(next.output)
  }
  let keys = 0
  const machine = manageAppointmentMachine.provide({
    actors: {
      loadAppointment: fromPromise(() => answer(script.load)),
      monthOfSlots: monthReportingToParent(
        monthOfSlotsMachine.provide({
          actors: {
            loadMonth: fromPromise(async ({ input }: { input: MonthQuery }) => {
              calls.months.push(input)
              return [firstSlot, secondSlot] as PublicSlot[]
            }),
          },
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
  /** The month of free times rescheduling has open. */
  const month = () => {
    const open = actor.getSnapshot().children.monthOfSlots
    if (!open) throw new Error('no month of free times is open')
    return open
  }
  /** Taps a time in the month of free times rescheduling has open, once it has loaded. */
  const propose = (slot: PublicSlot) => {
    expect(month().getSnapshot().value).toBe('ready')
    month().send({ type: 'month.slotChosen', slot })
  }
  /** Taps a time, then confirms the move to it. */
  const choose = (slot: PublicSlot) => {
    propose(slot)
    actor.send({ type: 'manage.moveConfirmed' })
  }
  return { actor, calls, choose, propose, month }
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

  it('moves nothing on a tap: the new time waits for the customer to confirm it', async () => {
    const moved = appointment(secondSlot.starts_at)
    const { actor, calls, propose } = createManage({
      load: [{ output: appointment() }],
      reschedule: [{ output: moved }],
    })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    await flush()
    propose(firstSlot)
    await flush()
    expect(actor.getSnapshot().value).toEqual({ rescheduling: 'confirming' })
    expect(actor.getSnapshot().context.chosen).toEqual(firstSlot)
    // Another tap proposes another time; "Choose another time" proposes none.
    propose(secondSlot)
    expect(actor.getSnapshot().context.chosen).toEqual(secondSlot)
    actor.send({ type: 'manage.moveDeclined' })
    expect(actor.getSnapshot().value).toEqual({ rescheduling: 'choosing' })
    expect(actor.getSnapshot().context.chosen).toBeNull()
    await flush()
    expect(calls.reschedule).toEqual([])

    propose(secondSlot)
    actor.send({ type: 'manage.moveConfirmed' })
    await flush()
    expect(calls.reschedule.map((change) => change.body)).toEqual([
      { starts_at: secondSlot.starts_at },
    ])
    expect(actor.getSnapshot().value).toBe('viewing')
    expect(actor.getSnapshot().context.notice).toBe('manage_moved')
  })

  it('refuses to start a change past the cut-off', async () => {
    const late = { ...appointment(), can_reschedule: false, can_cancel: false }
    const { actor } = createManage({ load: [{ output: late }] })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    actor.send({ type: 'manage.cancelStarted' })
    expect(actor.getSnapshot().value).toBe('viewing')
  })

  it('opens the month of the appointment’s service and team member, from today’s month', async () => {
    const { actor, calls, month } = createManage({ load: [{ output: appointment() }] })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    await flush()
    const shown = appointment()
    expect(calls.months).toEqual([
      {
        serviceId: shown.service.id,
        teamMemberId: shown.team_member.id,
        month: '2026-12',
        timeZone: 'Europe/Berlin',
      },
    ])
    // Its first free day is preselected, as on the booking's time step.
    expect(month().getSnapshot().context.day).not.toBeNull()
  })

  it('reopens the month where the visitor left it, in the zone they chose', async () => {
    const { actor, calls, month } = createManage({ load: [{ output: appointment() }] })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    await flush()
    month().send({ type: 'month.changed', months: 1 })
    await flush()
    month().send({ type: 'month.timeZoneChanged', timeZone: 'America/New_York' })
    await flush()
    actor.send({ type: 'manage.back' })
    actor.send({ type: 'manage.rescheduleStarted' })
    await flush()
    expect(calls.months.at(-1)).toMatchObject({ month: '2027-01', timeZone: 'America/New_York' })
    expect(actor.getSnapshot().context.timeZone).toBe('America/New_York')
  })

  it('reloads the times and says so when the chosen one was taken meanwhile', async () => {
    const { actor, calls, choose } = createManage({
      load: [{ output: appointment() }],
      reschedule: [
        {
          fails: new ApiError(409, {
            type: '/problems/slot-taken',
            status: 409,
            detail: 'This time was just taken. Please choose another time.',
          }),
        },
      ],
    })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    await flush()
    choose(secondSlot)
    await flush()
    expect(actor.getSnapshot().value).toEqual({ rescheduling: 'choosing' })
    expect(actor.getSnapshot().context.notice).toBe('manage_slot_taken')
    // The month was opened again: it loaded the times still free, and another can be chosen.
    expect(calls.months).toHaveLength(2)
    choose(firstSlot)
    expect(actor.getSnapshot().value).toEqual({ rescheduling: 'saving' })
  })

  it('names the real reason of a start that was never free, and of a cut-off passed', async () => {
    const { actor, choose } = createManage({
      load: [{ output: appointment() }],
      reschedule: [
        {
          fails: new ApiError(400, {
            type: '/problems/too-soon',
            status: 400,
            detail: 'Too soon.',
            errors: [{ path: 'body.starts_at', message: 'is too soon' }],
          }),
        },
        {
          fails: new ApiError(409, {
            type: '/problems/appointment-not-changeable',
            status: 409,
            detail: 'The reschedule cut-off has passed.',
          }),
        },
      ],
    })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    await flush()
    choose(secondSlot)
    await flush()
    expect(actor.getSnapshot().context.notice).toBe('refusal_too_soon')
    choose(firstSlot)
    await flush()
    expect(actor.getSnapshot().context.notice).toBe('manage_reschedule_closed')
  })

  it('says why a load or a move failed in the page’s words, not the server’s', async () => {
    const gone = createManage({ load: [{ fails: apiError(404, 'There is no appointment.') }] })
    await flush()
    expect(gone.actor.getSnapshot().context).toMatchObject({
      error: 'manage_not_found',
      notFound: true,
    })
    const offline = createManage({ load: [{ fails: new TypeError('Failed to fetch') }] })
    await flush()
    expect(offline.actor.getSnapshot().context.error).toBe('call_offline')

    const { actor, choose } = createManage({
      load: [{ output: appointment() }],
      reschedule: [{ fails: apiError(429, 'Slow down.') }, { fails: apiError(500, 'Boom.') }],
    })
    await flush()
    actor.send({ type: 'manage.rescheduleStarted' })
    await flush()
    choose(secondSlot)
    await flush()
    expect(actor.getSnapshot().value).toEqual({ rescheduling: 'saveFailed' })
    expect(actor.getSnapshot().context.error).toBe('call_rate_limited')
    actor.send({ type: 'manage.retry' })
    await flush()
    expect(actor.getSnapshot().context.error).toBe('manage_not_moved')
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
    expect(actor.getSnapshot().context.notice).toBe('manage_cancelled')
  })

  it('says a cancel past the cut-off is closed', async () => {
    const { actor } = createManage({
      load: [{ output: appointment() }],
      cancel: [{ fails: apiError(409, 'The cancellation cut-off has passed.') }],
    })
    await flush()
    actor.send({ type: 'manage.cancelStarted' })
    actor.send({ type: 'manage.reasonChanged', reason: 'Ill' })
    actor.send({ type: 'manage.cancelConfirmed' })
    await flush()
    expect(actor.getSnapshot().value).toEqual({ cancelling: 'saveFailed' })
    expect(actor.getSnapshot().context.error).toBe('manage_cancel_closed')
  })
})
