import { useState } from 'react'
import { Button, Form } from 'react-aria-components'
import type { Appointment } from '../../api/appointments'
import {
  type AppointmentPayment,
  type AppointmentPayments,
  refundAppointmentPayment,
} from '../../api/appointments'
import { useToast } from '../../app/toast-context'
import {
  createEntityFormMachine,
  type FieldErrors,
  type SaveFailure,
} from '../../machines/entity-form.machine'
import { RequiredNote } from '../form/field-parts'
import { formatMoney } from '../form/money'
import { MoneyField } from '../form/money-field'
import { PendingButton } from '../form/pending-button'
import { FormTextField } from '../form/text-field'
import { useEntityForm } from '../form/use-entity-form'
import { collectErrors, isBlank } from '../form/validation'
import { ModalDialog } from '../modal-dialog'

interface RefundValues {
  amount_minor: number | null
  reason: string
}

/** The contract's limit on a refund's reason. */
const REASON_MAX_LENGTH = 500

const refundForm = createEntityFormMachine<RefundValues, AppointmentPayments>()

/** The checks the server makes too, said before sending. */
export function validateRefund(values: RefundValues, leftMinor: number, currency: string) {
  const amount = values.amount_minor
  return collectErrors({
    amount_minor:
      amount === null
        ? 'Enter the amount to refund.'
        : amount <= 0
          ? 'Refund more than nothing.'
          : amount > leftMinor && `At most ${formatMoney(leftMinor, currency)} is left to refund.`,
    reason: isBlank(values.reason) && 'Say why you refund it (kept in the activity log).',
  }) satisfies FieldErrors
}

/**
 * Refunds (part of) one payment: the amount starts at what is left, the reason is required.
 * A modal react-aria dialog (focus trapped, returned to "Refund…" on close; Escape closes it
 * unless the refund is running). The server's refusals land at their fields; anything else
 * is a toast. One Idempotency-Key per opening, so pressing again or retrying after a timeout
 * never refunds twice.
 */
export function RefundPaymentDialog({
  appointment,
  payment,
  onClose,
  onRefunded,
}: {
  appointment: Appointment
  payment: AppointmentPayment
  onClose: () => void
  onRefunded: (payments: AppointmentPayments) => void
}) {
  const toast = useToast()
  const [idempotencyKey] = useState(() => crypto.randomUUID())
  const left = payment.refundable_minor
  const money = (amount: number) => formatMoney(amount, payment.currency)

  const form = useEntityForm<RefundValues, AppointmentPayments>({
    machine: refundForm,
    initialValues: { amount_minor: left, reason: '' },
    validate: (values) => validateRefund(values, left, payment.currency),
    save: ({ values }) =>
      refundAppointmentPayment(
        { appointmentId: appointment.id, paymentId: payment.id },
        { amount_minor: values.amount_minor ?? 0, reason: values.reason.trim() },
        idempotencyKey,
      ),
    onSaved: (payments) => {
      const refunded = form.values.amount_minor ?? 0
      toast.success(`Refunded ${money(refunded)} to ${appointment.customer_name}.`)
      onRefunded(payments)
    },
    onFailed: (failure: SaveFailure) => {
      // Messages about the amount or the reason stand under their fields.
      if (failure.fieldErrors.amount_minor || failure.fieldErrors.reason) return
      toast.error(Object.values(failure.fieldErrors)[0] ?? failure.message)
    },
    warnOnUnsavedChanges: false,
  })
  const busy = form.isSaving

  return (
    <ModalDialog title="Refund payment" onClose={onClose} busy={busy}>
      <p>
        <strong>{appointment.customer_name}</strong> paid {money(payment.amount_minor)};{' '}
        {money(left)} can still be refunded.{' '}
        {payment.kind === 'in_person'
          ? 'It was paid at the till: give the money back there (cash or the terminal); the refund is recorded at once.'
          : 'The money goes back to their card and they get an e-mail saying so.'}
      </p>
      <Form
        className="p-stack"
        ref={form.formRef}
        onSubmit={form.onSubmit}
        validationBehavior="aria"
      >
        <RequiredNote />
        <MoneyField
          label="Amount to refund"
          name="amount_minor"
          isRequired
          currency={payment.currency}
          valueMinor={form.values.amount_minor}
          maxMinor={left}
          onChange={(amount_minor) => form.change({ amount_minor })}
          error={form.fieldErrors.amount_minor}
          isReadOnly={busy}
        />
        <FormTextField
          label="Reason"
          name="reason"
          multiline
          rows={3}
          isRequired
          maxLength={REASON_MAX_LENGTH}
          description="Kept with the refund and in the activity log."
          value={form.values.reason}
          onChange={(reason) => form.change({ reason })}
          error={form.fieldErrors.reason}
          isReadOnly={busy}
        />
        <div className="p-dialog__actions">
          <Button className="p-button" onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <PendingButton type="submit" className="p-button p-button--danger" isPending={busy}>
            {busy ? 'Refunding…' : 'Refund'}
          </PendingButton>
        </div>
      </Form>
    </ModalDialog>
  )
}
