import type { ComponentProps } from 'react'
import { Deferred, lazyPart } from '../lazy-part'
import type * as DialogModule from './appointment-dialog'

/**
 * The appointment dialog's code (a dozen panels and machines) as a chunk of its own: the
 * dashboard and the calendar open it, and their first paint does without it.
 */
export const appointmentDialogPart = lazyPart(() =>
  import('./appointment-dialog').then((m) => m.AppointmentDialog),
)

/** `AppointmentDialog`, its code fetched when first opened unless preloaded. */
export function DeferredAppointmentDialog(
  props: ComponentProps<typeof DialogModule.AppointmentDialog>,
) {
  return <Deferred part={appointmentDialogPart} props={props} />
}
