import type { useActorRef } from '@xstate/react'
import { fromPromise } from 'xstate'
import {
  type Appointment,
  type AppointmentPayments,
  chargeNoShowFee,
  checkInAppointment,
  completeAppointment,
  createAppointment,
  loadActiveServices,
  loadAppointment,
  loadAppointmentPayments,
  loadCustomer,
  loadDaySlots,
  loadNoShowFee,
  loadSchedule,
  loadTeam,
  type MemberSchedule,
  markAppointmentNoShow,
  undoCheckIn,
  updateAppointment,
} from '../../api/appointments'
import { appointmentDialogMachine } from '../../machines/appointment-dialog.machine'
import type { AppointmentChange } from '../../machines/appointment-dialog-rules'
import {
  appointmentFormMachine,
  type BookingChoices,
} from '../../machines/appointment-form.machine'
import { daySlotsMachine } from '../../machines/day-slots.machine'
import { type NoShowFee, noShowFeeMachine } from '../../machines/no-show-fee.machine'
import { createLoadMachine } from '../../machines/page-load.machine'

/*
 * The shared appointment dialogs' machines with the app's calls (`src/api/appointments.ts`).
 * Where a dialog tells its screen or a toast what happened, it hands that in as a callback.
 */

const dialogLogic = appointmentDialogMachine.provide({
  actors: {
    loadAppointment: fromPromise(({ input }) => loadAppointment(input.id)),
    updateAppointment: fromPromise(({ input }) => updateAppointment(input.id, input.patch)),
    completeAppointment: fromPromise(({ input }) => completeAppointment(input.id)),
    markNoShow: fromPromise(({ input }) => markAppointmentNoShow(input.id)),
    checkIn: fromPromise(({ input }) => checkInAppointment(input.id)),
    undoCheckIn: fromPromise(({ input }) => undoCheckIn(input.id)),
  },
})

export type DialogActor = ReturnType<typeof useActorRef<typeof dialogLogic>>

/** The appointment dialog's machine; `onChanged` hears of each change and the appointment after it. */
export function createAppointmentDialogLogic(
  onChanged: (change: AppointmentChange, appointment: Appointment) => void,
) {
  return dialogLogic.provide({
    actions: {
      notifyChanged: ({ context }, { change }) => {
        if (context.appointment) onChanged(change, context.appointment)
      },
    },
  })
}

/** What the booking dialog offers: active services, bookable team members, a known customer. */
async function loadChoices({ customerId }: { customerId: string | null }): Promise<BookingChoices> {
  const [services, team, customer] = await Promise.all([
    loadActiveServices(),
    loadTeam(),
    customerId ? loadCustomer(customerId) : Promise.resolve(null),
  ])
  return {
    services,
    team: team.filter((member) => member.bookable),
    customer: customer ? { id: customer.id, name: customer.name } : null,
  }
}

const formLogic = appointmentFormMachine.provide({
  actors: {
    loadChoices: fromPromise(({ input }) => loadChoices(input)),
    book: fromPromise(({ input }) => createAppointment(input)),
  },
})

export type FormActor = ReturnType<typeof useActorRef<typeof formLogic>>

/** The booking dialog's machine; `onBooked` hears of the appointment it booked. */
export function createAppointmentFormLogic(onBooked: (booked: Appointment) => void) {
  return formLogic.provide({
    actions: {
      notifyBooked: ({ context }) => {
        if (context.booked) onBooked(context.booked)
      },
    },
  })
}

/** One day's free starts, the booking dialog's quick picks. */
export const daySlotsLogic = daySlotsMachine.provide({
  actors: { loadSlots: fromPromise(({ input }) => loadDaySlots(input)) },
})

const memberDayLoad = createLoadMachine<MemberSchedule | null>()

/** A team member's working periods, breaks and time off on one business-zone day. */
export function createMemberDayLogic(teamMemberId: string, date: string) {
  return memberDayLoad.provide({
    actors: {
      load: fromPromise(async () => {
        const schedule = await loadSchedule({ startDate: date, endDate: date, teamMemberId })
        return schedule.members[0] ?? null
      }),
    },
  })
}

const paymentsLoad = createLoadMachine<AppointmentPayments>()

/** An appointment's payments (the payment section, the refund notice of a cancellation). */
export function createAppointmentPaymentsLogic(appointmentId: string) {
  return paymentsLoad.provide({
    actors: { load: fromPromise(() => loadAppointmentPayments(appointmentId)) },
  })
}

/** The no-show fee panel's machine; `onCharged` hears of the fee once it is charged. */
export function createNoShowFeeLogic(onCharged: (fee: NoShowFee) => void) {
  return noShowFeeMachine.provide({
    actors: {
      loadFee: fromPromise(({ input }) => loadNoShowFee(input.id)),
      chargeFee: fromPromise(({ input }) => chargeNoShowFee(input.id, input.key)),
    },
    actions: {
      notifyCharged: ({ context }) => {
        if (context.fee) onCharged(context.fee)
      },
    },
  })
}
