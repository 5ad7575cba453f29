import { Button, Form } from 'react-aria-components'
import { type Appointment, cancelAppointment } from '../../api/appointments'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import {
  createEntityFormMachine,
  type FieldErrors,
  type SaveFailure,
} from '../../machines/entity-form.machine'
import { RequiredNote } from '../form/field-parts'
import { PendingButton } from '../form/pending-button'
import { FormTextField } from '../form/text-field'
import { useEntityForm } from '../form/use-entity-form'
import { collectErrors, isBlank } from '../form/validation'
import { ModalDialog } from '../modal-dialog'
import { formatAppointmentTime } from './appointment-format'
import { CancellationRefundNotice } from './cancellation-refund-notice'

interface CancelValues {
  reason: string
  /** Keep what the customer paid (offered only after the cancellation cut-off). */
  keep_payment: boolean
}

/** The contract's limit on a cancellation reason. */
export const CANCEL_REASON_MAX_LENGTH = 500

const cancelForm = createEntityFormMachine<CancelValues, Appointment>()

export function validateCancelReason(values: Pick<CancelValues, 'reason'>): FieldErrors {
  return collectErrors({
    reason: isBlank(values.reason) && 'Say why the appointment is cancelled.',
  })
}

/**
 * Asks for the reason and cancels a confirmed appointment (which frees its time at once).
 * A modal react-aria dialog: focus moves to the reason, is trapped inside and returns to the
 * button that opened it; Escape or "Keep it" closes it unless the cancellation is running.
 * The server's message lands at the reason when it is about the reason, in a toast otherwise.
 */
export function CancelAppointmentDialog({
  appointment,
  isOpen,
  onClose,
  onCancelled,
}: {
  appointment: Appointment
  isOpen: boolean
  onClose: () => void
  onCancelled: (updated: Appointment) => void
}) {
  // Mounted only while open, so every opening starts with an empty reason.
  if (!isOpen) return null
  return (
    <CancelAppointmentModal appointment={appointment} onClose={onClose} onCancelled={onCancelled} />
  )
}

function CancelAppointmentModal({
  appointment,
  onClose,
  onCancelled,
}: {
  appointment: Appointment
  onClose: () => void
  onCancelled: (updated: Appointment) => void
}) {
  const toast = useToast()
  const timeZone = useProfile()?.tenant.time_zone ?? 'UTC'
  const when = formatAppointmentTime(appointment.starts_at, appointment.ends_at, timeZone)

  const form = useEntityForm<CancelValues, Appointment>({
    machine: cancelForm,
    initialValues: { reason: '', keep_payment: false },
    validate: validateCancelReason,
    save: ({ values }) =>
      cancelAppointment(appointment.id, values.reason.trim(), values.keep_payment),
    onSaved: (updated) => {
      toast.success(`${appointment.customer_name}'s appointment on ${when} is cancelled.`)
      onCancelled(updated)
      onClose()
    },
    onFailed: (failure: SaveFailure) => {
      // A message about the reason stands under the field; anything else needs a toast.
      if (failure.fieldErrors.reason || failure.fieldErrors.keep_payment) return
      toast.error(Object.values(failure.fieldErrors)[0] ?? failure.message)
    },
    warnOnUnsavedChanges: false,
  })
  const busy = form.isSaving

  return (
    <ModalDialog title="Cancel appointment?" onClose={onClose} busy={busy}>
      <p>
        <strong>{appointment.customer_name}</strong>: {appointment.service_name} with{' '}
        {appointment.team_member_name}, {when}. The time becomes free for other bookings at once.
      </p>
      <Form
        className="p-stack"
        ref={form.formRef}
        onSubmit={form.onSubmit}
        validationBehavior="aria"
      >
        <RequiredNote />
        <FormTextField
          label="Reason"
          name="reason"
          multiline
          rows={3}
          isRequired
          autoFocus
          maxLength={CANCEL_REASON_MAX_LENGTH}
          description={`Kept with the appointment and in the activity log (up to ${CANCEL_REASON_MAX_LENGTH} characters).`}
          value={form.values.reason}
          onChange={(reason) => form.change({ reason })}
          error={form.fieldErrors.reason}
          isReadOnly={busy}
        />
        <CancellationRefundNotice
          appointmentId={appointment.id}
          keepPayment={form.values.keep_payment}
          onKeepPaymentChange={(keep_payment) => form.change({ keep_payment })}
          isDisabled={busy}
        />
        {form.fieldErrors.keep_payment ? (
          <p className="p-field__error">{form.fieldErrors.keep_payment}</p>
        ) : null}
        <div className="p-dialog__actions">
          <Button className="p-button" onPress={onClose} isDisabled={busy}>
            Keep it
          </Button>
          <PendingButton type="submit" className="p-button p-button--danger" isPending={busy}>
            {busy ? 'Cancelling…' : 'Cancel appointment'}
          </PendingButton>
        </div>
      </Form>
    </ModalDialog>
  )
}
