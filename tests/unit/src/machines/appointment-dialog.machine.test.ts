import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src/api/api-error'
import {
  blockingOf,
  reschedulePatch,
  rescheduleValuesOf,
  validateReschedule,
} from '../../../../src/machines/appointment-dialog-rules'
import { createDialogHarness, flush } from '../../../support/unit/appointment-dialog-harness'
import { ALEX, BERLIN, BO, NOW, sampleAppointment } from '../../../support/unit/appointment-samples'

const upcoming = sampleAppointment()
const started = sampleAppointment({
  starts_at: '2026-11-26T10:00:00.000Z',
  ends_at: '2026-11-26T10:45:00.000Z',
})

describe('appointment dialog machine', () => {
  it('loads the appointment by id, and says why when it cannot', async () => {
    const { actor, take } = createDialogHarness()
    actor.start()
    expect(actor.getSnapshot().hasTag('loading')).toBe(true)
    take('loadAppointment').reject(new ApiError(404, { status: 404, detail: 'Not found.' }))
    await flush()
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true)
    expect(actor.getSnapshot().context.loadStatus).toBe(404)
    expect(actor.getSnapshot().context.error).toBe('Not found.')

    actor.send({ type: 'appointment.retry' })
    take('loadAppointment').resolve(upcoming)
    await flush()
    expect(actor.getSnapshot().matches({ ready: 'viewing' })).toBe(true)
    expect(actor.getSnapshot().context.appointment).toEqual(upcoming)
  })

  it('shows a known appointment at once, without loading it', () => {
    const { actor, pending } = createDialogHarness({ appointment: upcoming })
    actor.start()
    expect(actor.getSnapshot().matches({ ready: 'viewing' })).toBe(true)
    expect(pending).toHaveLength(0)
  })

  it('offers reschedule, notes and cancel for a future confirmed appointment, not completion', () => {
    const { actor } = createDialogHarness({ appointment: upcoming })
    const snapshot = actor.start().getSnapshot()
    expect(snapshot.can({ type: 'appointment.reschedule' })).toBe(true)
    expect(snapshot.can({ type: 'appointment.editNotes' })).toBe(true)
    expect(snapshot.can({ type: 'appointment.cancel' })).toBe(true)
    expect(snapshot.can({ type: 'appointment.complete' })).toBe(false)
    expect(snapshot.can({ type: 'appointment.noShow' })).toBe(false)
  })

  it('offers completion and no-show once the appointment has started', () => {
    const { actor } = createDialogHarness({ appointment: started })
    const snapshot = actor.start().getSnapshot()
    expect(snapshot.can({ type: 'appointment.complete' })).toBe(true)
    expect(snapshot.can({ type: 'appointment.noShow' })).toBe(true)
  })

  it('lets a no-show be corrected to completed and back, but changes nothing cancelled', () => {
    const noShow = createDialogHarness({ appointment: { ...started, status: 'no_show' } })
    const noShowSnapshot = noShow.actor.start().getSnapshot()
    expect(noShowSnapshot.can({ type: 'appointment.complete' })).toBe(true)
    expect(noShowSnapshot.can({ type: 'appointment.noShow' })).toBe(false)
    expect(noShowSnapshot.can({ type: 'appointment.reschedule' })).toBe(false)

    const cancelled = createDialogHarness({ appointment: { ...started, status: 'cancelled' } })
    const snapshot = cancelled.actor.start().getSnapshot()
    for (const type of [
      'appointment.reschedule',
      'appointment.editNotes',
      'appointment.cancel',
      'appointment.complete',
      'appointment.noShow',
    ] as const) {
      expect(snapshot.can({ type })).toBe(false)
    }
  })

  it('lets staff act only in their own column', () => {
    const mine = createDialogHarness({
      appointment: upcoming,
      access: { writeAny: false, ownTeamMemberId: ALEX },
    })
    expect(mine.actor.start().getSnapshot().can({ type: 'appointment.reschedule' })).toBe(true)

    const theirs = createDialogHarness({
      appointment: upcoming,
      access: { writeAny: false, ownTeamMemberId: BO },
    })
    const snapshot = theirs.actor.start().getSnapshot()
    expect(snapshot.can({ type: 'appointment.reschedule' })).toBe(false)
    expect(snapshot.can({ type: 'appointment.cancel' })).toBe(false)
  })

  it('reschedules: starts from the current time, sends only what moved, reports the change', async () => {
    const { actor, take, changes } = createDialogHarness({ appointment: upcoming })
    actor.start()
    actor.send({ type: 'appointment.reschedule' })
    expect(actor.getSnapshot().context.reschedule).toEqual({
      date: '2026-11-27',
      time: '10:00',
      teamMemberId: ALEX,
      overrideWorkingHours: false,
    })

    // Unchanged is refused before anything is sent.
    actor.send({ type: 'step.submit' })
    expect(actor.getSnapshot().matches({ ready: { rescheduling: 'editing' } })).toBe(true)
    expect(actor.getSnapshot().context.fieldErrors.starts_at).toMatch(/new time/)

    actor.send({ type: 'reschedule.change', values: { time: '14:30' } })
    expect(actor.getSnapshot().context.fieldErrors).toEqual({})
    actor.send({ type: 'step.submit' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    const call = take('updateAppointment')
    expect(call.input).toEqual({
      id: upcoming.id,
      patch: { starts_at: '2026-11-27T13:30:00.000Z', override_working_hours: false },
    })
    const moved = { ...upcoming, starts_at: '2026-11-27T13:30:00.000Z' }
    call.resolve(moved)
    await flush()
    expect(actor.getSnapshot().matches({ ready: 'viewing' })).toBe(true)
    expect(actor.getSnapshot().context.appointment).toEqual(moved)
    expect(changes).toEqual(['rescheduled'])
  })

  it('keeps a refused reschedule open with the clash and the appointment in the way', async () => {
    const { actor, take, changes } = createDialogHarness({ appointment: upcoming })
    actor.start()
    actor.send({ type: 'appointment.reschedule' })
    actor.send({
      type: 'reschedule.change',
      values: { teamMemberId: BO, overrideWorkingHours: true },
    })
    actor.send({ type: 'step.submit' })
    const call = take('updateAppointment')
    expect(call.input).toEqual({
      id: upcoming.id,
      patch: { team_member_id: BO, override_working_hours: true },
    })
    call.reject(
      new ApiError(409, {
        status: 409,
        title: 'Conflict',
        detail: 'Bo has Colour for Sam at 10:00.',
        existing: { id: 'other', href: '/calendar?appointment=other' },
      }),
    )
    await flush()
    const snapshot = actor.getSnapshot()
    expect(snapshot.matches({ ready: { rescheduling: 'editing' } })).toBe(true)
    expect(snapshot.context.error).toBe('Bo has Colour for Sam at 10:00.')
    expect(snapshot.context.blocking).toEqual({ id: 'other', href: '/calendar?appointment=other' })
    expect(changes).toEqual([])

    // Changing anything clears the message; Back leaves the step without a trace.
    actor.send({ type: 'reschedule.change', values: { time: '11:00' } })
    expect(actor.getSnapshot().context.blocking).toBeNull()
    actor.send({ type: 'step.back' })
    expect(actor.getSnapshot().matches({ ready: 'viewing' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBeNull()
  })

  it('puts server field errors at their fields', async () => {
    const { actor, take } = createDialogHarness({ appointment: upcoming })
    actor.start()
    actor.send({ type: 'appointment.reschedule' })
    actor.send({ type: 'reschedule.change', values: { time: '11:00' } })
    actor.send({ type: 'step.submit' })
    take('updateAppointment').reject(
      new ApiError(400, {
        status: 400,
        errors: [{ path: 'body.starts_at', message: 'must be in the future' }],
      }),
    )
    await flush()
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      starts_at: 'This value must be in the future.',
    })
  })

  it('edits notes', async () => {
    const { actor, take, changes } = createDialogHarness({
      appointment: { ...upcoming, notes: 'Short' },
    })
    actor.start()
    actor.send({ type: 'appointment.editNotes' })
    expect(actor.getSnapshot().context.notes).toBe('Short')
    actor.send({ type: 'notes.change', notes: '  Short, no fringe  ' })
    actor.send({ type: 'step.submit' })
    const call = take('updateAppointment')
    expect(call.input).toEqual({
      id: upcoming.id,
      patch: { notes: 'Short, no fringe', override_working_hours: false },
    })
    call.resolve({ ...upcoming, notes: 'Short, no fringe' })
    await flush()
    expect(actor.getSnapshot().context.appointment?.notes).toBe('Short, no fringe')
    expect(changes).toEqual(['notesSaved'])
  })

  it('marks completed and no-show, and shows a refusal in the details', async () => {
    const { actor, take, changes } = createDialogHarness({ appointment: started })
    actor.start()
    actor.send({ type: 'appointment.complete' })
    expect(actor.getSnapshot().matches({ ready: 'completing' })).toBe(true)
    take('completeAppointment').resolve({ ...started, status: 'completed' })
    await flush()
    expect(actor.getSnapshot().context.appointment?.status).toBe('completed')

    actor.send({ type: 'appointment.noShow' })
    take('markNoShow').reject(new ApiError(409, { status: 409, detail: 'Too early.' }))
    await flush()
    expect(actor.getSnapshot().matches({ ready: 'viewing' })).toBe(true)
    expect(actor.getSnapshot().context.error).toBe('Too early.')
    expect(changes).toEqual(['completed'])
  })

  it('reports each one-press change as its own: no-show, check-in and its undoing', async () => {
    const { actor, take, changes } = createDialogHarness({ appointment: started })
    actor.start()
    actor.send({ type: 'appointment.noShow' })
    expect(actor.getSnapshot().hasTag('busy')).toBe(true)
    take('markNoShow').resolve({ ...started, status: 'no_show' })
    await flush()
    actor.send({ type: 'appointment.received', appointment: started })
    actor.send({ type: 'appointment.checkIn' })
    expect(actor.getSnapshot().matches({ ready: 'checkingIn' })).toBe(true)
    take('checkIn').resolve({ ...started, checked_in_at: started.starts_at })
    await flush()
    actor.send({ type: 'appointment.undoCheckIn' })
    expect(actor.getSnapshot().matches({ ready: 'undoingCheckIn' })).toBe(true)
    take('undoCheckIn').resolve(started)
    await flush()
    expect(actor.getSnapshot().matches({ ready: 'viewing' })).toBe(true)
    expect(actor.getSnapshot().context.appointment?.checked_in_at).toBeNull()
    expect(changes).toEqual(['noShow', 'checkedIn', 'checkInUndone'])
  })

  it('cancels through the cancel dialog, or goes back when it is dismissed', () => {
    const { actor, changes } = createDialogHarness({ appointment: upcoming })
    actor.start()
    actor.send({ type: 'appointment.cancel' })
    expect(actor.getSnapshot().matches({ ready: 'cancelling' })).toBe(true)
    actor.send({ type: 'cancel.dismiss' })
    expect(actor.getSnapshot().matches({ ready: 'viewing' })).toBe(true)
    actor.send({ type: 'appointment.cancel' })
    actor.send({
      type: 'cancel.done',
      appointment: { ...upcoming, status: 'cancelled', cancel_reason: 'Ill' },
    })
    expect(actor.getSnapshot().context.appointment?.status).toBe('cancelled')
    expect(actor.getSnapshot().can({ type: 'appointment.reschedule' })).toBe(false)
    expect(changes).toEqual(['cancelled'])
  })

  it('takes newer versions of its own appointment only', () => {
    const { actor } = createDialogHarness({ appointment: upcoming })
    actor.start()
    actor.send({
      type: 'appointment.received',
      appointment: { ...upcoming, id: 'someone-else', notes: 'x' },
    })
    expect(actor.getSnapshot().context.appointment?.notes).toBe('')
    actor.send({ type: 'appointment.received', appointment: { ...upcoming, notes: 'Live' } })
    expect(actor.getSnapshot().context.appointment?.notes).toBe('Live')
  })
})

describe('reschedule helpers', () => {
  it('reads the current time in the business zone', () => {
    expect(rescheduleValuesOf(upcoming, 'America/New_York')).toMatchObject({
      date: '2026-11-27',
      time: '04:00',
    })
  })

  it('asks for a day, a time and a future one', () => {
    const values = rescheduleValuesOf(upcoming, BERLIN)
    expect(validateReschedule(upcoming, { ...values, date: null }, BERLIN, NOW)).toEqual({
      date: 'Choose a day.',
    })
    expect(validateReschedule(upcoming, { ...values, time: null }, BERLIN, NOW)).toEqual({
      starts_at: 'Choose a time.',
    })
    expect(validateReschedule(upcoming, { ...values, date: '2026-11-20' }, BERLIN, NOW)).toEqual({
      starts_at: 'Choose a time in the future.',
    })
    expect(validateReschedule(upcoming, { ...values, teamMemberId: BO }, BERLIN, NOW)).toEqual({})
  })

  it('converts the wall clock across a daylight-saving change', () => {
    const march = sampleAppointment({ starts_at: '2027-03-26T09:00:00.000Z' })
    const patch = reschedulePatch(
      march,
      { date: '2027-03-29', time: '10:00', teamMemberId: ALEX, overrideWorkingHours: false },
      BERLIN,
    )
    // Berlin is UTC+2 from 28 March 2027.
    expect(patch.starts_at).toBe('2027-03-29T08:00:00.000Z')
  })

  it('finds the record in the way only in a well-formed problem', () => {
    expect(blockingOf(new ApiError(409, { existing: { id: 'a', href: '/x' } }))).toEqual({
      id: 'a',
      href: '/x',
    })
    expect(blockingOf(new ApiError(409, { existing: { id: 1 } }))).toBeNull()
    expect(blockingOf(new Error('boom'))).toBeNull()
  })
})
