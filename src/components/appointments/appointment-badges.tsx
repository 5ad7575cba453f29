import type { components } from '../../../shared/contract/schema'
import { appointmentStatusLabel } from './appointment-format'

type AppointmentStatus = components['schemas']['AppointmentStatus']

const STATUS_TONES: Record<AppointmentStatus, string> = {
  confirmed: 'p-badge--info',
  completed: 'p-badge--success',
  no_show: 'p-badge--warn',
  cancelled: 'p-badge--danger',
  pending_payment: 'p-badge--warn',
  payment_expired: '',
}

/** The status in words (never colour alone). */
export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return <span className={`p-badge ${STATUS_TONES[status]}`}>{appointmentStatusLabel(status)}</span>
}

/** Marks an appointment booked with the working-hours override. */
export function OutsideHoursBadge() {
  return <span className="p-badge p-badge--warn">Outside working hours</span>
}
