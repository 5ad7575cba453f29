import { Form } from 'react-aria-components'
import { useToast } from '../../app/toast-context'
import { FormActions } from '../../components/form/form-actions'
import { FormNumberField } from '../../components/form/number-field'
import { useEntityForm } from '../../components/form/use-entity-form'
import { collectErrors } from '../../components/form/validation'
import { createEntityFormMachine, type FieldErrors } from '../../machines/entity-form.machine'
import { loadPaymentSettings, type PaymentSettings, savePaymentSettings } from './api'

/** The bounds the server keeps (`tenant_settings_payment_hold_valid`). */
export const MIN_HOLD_MINUTES = 5
export const MAX_HOLD_MINUTES = 60

interface HoldValues {
  /** Minutes; null while the field is empty. */
  payment_hold_minutes: number | null
}

export function validateHold(values: HoldValues): FieldErrors {
  const minutes = values.payment_hold_minutes
  return collectErrors({
    payment_hold_minutes:
      minutes === null ||
      !Number.isInteger(minutes) ||
      minutes < MIN_HOLD_MINUTES ||
      minutes > MAX_HOLD_MINUTES
        ? `Use ${MIN_HOLD_MINUTES} to ${MAX_HOLD_MINUTES} whole minutes.`
        : null,
  })
}

const holdForm = createEntityFormMachine<HoldValues, PaymentSettings>()

/** Settings → Payments: how long a booking that must be paid keeps its time while the customer pays. */
export function PaymentHoldForm() {
  const toast = useToast()
  const form = useEntityForm<HoldValues, PaymentSettings>({
    machine: holdForm,
    id: 'payments',
    initialValues: { payment_hold_minutes: 10 },
    validate: validateHold,
    load: () => loadPaymentSettings(),
    save: ({ values }) =>
      savePaymentSettings({ payment_hold_minutes: values.payment_hold_minutes ?? 10 }),
    onSaved: () => toast.success('The time held while paying was saved.', 'Payments saved'),
  })
  return (
    <section className="p-card p-stack-sm" aria-labelledby="payments-hold">
      <h2 id="payments-hold" className="p-billing-card__title">
        Holding the time while paying
      </h2>
      {form.loadFailed ? (
        <div className="p-alert" role="alert">
          {form.formError}
        </div>
      ) : (
        <Form
          className="p-stack-sm"
          ref={form.formRef}
          onSubmit={form.onSubmit}
          validationBehavior="aria"
        >
          {form.formError ? (
            <div className="p-alert" role="alert">
              {form.formError}
            </div>
          ) : null}
          <FormNumberField
            label="Time held while paying"
            name="payment_hold_minutes"
            unit="min"
            minValue={MIN_HOLD_MINUTES}
            maxValue={MAX_HOLD_MINUTES}
            isDisabled={form.isLoading}
            value={form.values.payment_hold_minutes}
            onChange={(payment_hold_minutes) => form.change({ payment_hold_minutes })}
            error={form.fieldErrors.payment_hold_minutes}
            description="A booking that must be paid keeps its time this long while the customer pays on Stripe's page; unpaid by then, the time is free again."
          />
          <FormActions busy={form.isSaving} saveLabel="Save" dirty={form.dirty} sticky={false} />
        </Form>
      )}
    </section>
  )
}
