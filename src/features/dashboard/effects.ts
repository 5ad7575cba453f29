import { fromPromise } from 'xstate'
import { dashboardMachine } from '../../machines/dashboard.machine'
import { createLoadMachine } from '../../machines/page-load.machine'
import {
  type Appointment,
  type BookingRequest,
  type ChosenCustomer,
  type NewCustomerValues,
  type ProposalQuery,
  type ProposedSlot,
  quickAppointmentMachine,
} from '../../machines/quick-appointment.machine'
import {
  bookAppointment,
  createQuickCustomer,
  findNextSlot,
  loadDashboard,
  loadSetupChecklist,
  type SetupChecklist,
} from './api'

/** The dashboard's figures and lists, loaded from the API. */
export const dashboardLogic = dashboardMachine.provide({
  actors: { load: fromPromise(() => loadDashboard()) },
})

/** The set-up checklist, loaded from the API. */
export const checklistLogic = createLoadMachine<SetupChecklist>().provide({
  actors: { load: fromPromise(() => loadSetupChecklist()) },
})

/** Quick Appointment's machine with the API's calls; `onBooked` hears of each booking. */
export function createQuickAppointmentLogic(onBooked: (appointment: Appointment) => void) {
  return quickAppointmentMachine.provide({
    actors: {
      createCustomer: fromPromise<ChosenCustomer, NewCustomerValues>(({ input }) =>
        createQuickCustomer(input),
      ),
      findSlot: fromPromise<ProposedSlot, ProposalQuery>(({ input }) => findNextSlot(input)),
      book: fromPromise<Appointment, BookingRequest>(({ input }) => bookAppointment(input)),
    },
    actions: {
      notifyBooked: ({ context }) => {
        if (context.appointment) onBooked(context.appointment)
      },
    },
  })
}
