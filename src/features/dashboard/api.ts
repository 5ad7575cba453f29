import type { components } from '../../../shared/contract/schema'
import { unwrap } from '../../api/api-error'
import { createAppointment } from '../../api/appointments'
import { api } from '../../api/client'
import { createCustomer } from '../../api/customers'
import { answeredEarly } from '../../api/early-calls'
import { withoutCancelled } from '../../domain/dashboard-lists'
import type { DashboardData } from '../../machines/dashboard.machine'
import type {
  BookingRequest,
  ChosenCustomer,
  NewCustomerValues,
  ProposalQuery,
} from '../../machines/quick-appointment.machine'
import type { Appointment, ProposedSlot } from './dashboard-values'
import { quickCustomerInput } from './quick-customer'
import { DASHBOARD_CALLS } from './start-calls'

/** The figures and lists, and whether the business has any service (for the empty states). */
export async function loadDashboard(): Promise<DashboardData> {
  const [dashboard, services] = await Promise.all([
    answeredEarly(DASHBOARD_CALLS.figures, async () => unwrap(await api.GET('/api/v1/dashboard'))),
    answeredEarly(DASHBOARD_CALLS.anyService, async () =>
      unwrap(await api.GET('/api/v1/services', { params: { query: { limit: 1 } } })),
    ),
  ])
  return { dashboard: withoutCancelled(dashboard), hasServices: services.total > 0 }
}

export async function createQuickCustomer(values: NewCustomerValues): Promise<ChosenCustomer> {
  const customer = await createCustomer(quickCustomerInput(values))
  return { id: customer.id, name: customer.name }
}

/** The next free slot; a ApiError with status 404 when nothing is free in 92 days. */
export async function findNextSlot({
  serviceId,
  teamMemberId,
}: ProposalQuery): Promise<ProposedSlot> {
  return unwrap(
    await api.GET('/api/v1/availability/next', {
      params: {
        query: { service_id: serviceId, team_member_id: teamMemberId ?? undefined },
      },
    }),
  )
}

/** Books exactly the proposed slot; a ApiError with status 409 when it was taken. */
export async function bookAppointment(request: BookingRequest): Promise<Appointment> {
  return createAppointment({
    customer_id: request.customerId,
    service_id: request.serviceId,
    team_member_id: request.teamMemberId,
    starts_at: request.startsAt,
    override_working_hours: false,
  })
}

export type SetupChecklist = components['schemas']['SetupChecklist']
export type SetupStep = components['schemas']['SetupStep']

/** GET /api/v1/setup-checklist: each step's state, read from the business's data. */
export async function loadSetupChecklist(): Promise<SetupChecklist> {
  return unwrap(await api.GET('/api/v1/setup-checklist'))
}

/** PUT /api/v1/setup-checklist/dismissal: hides the checklist for everyone in the business. */
export async function dismissSetupChecklist(): Promise<void> {
  unwrap(await api.PUT('/api/v1/setup-checklist/dismissal'))
}
