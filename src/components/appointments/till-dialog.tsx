import { useState } from 'react'
import { Button, Form } from 'react-aria-components'
import { type Appointment, type CheckoutResult, checkoutAppointment } from '../../api/appointments'
import { useToast } from '../../app/toast-context'
import {
  checkoutInputOf,
  INITIAL_TILL_VALUES,
  TIP_PERCENTS,
  type TillExtra,
  type TillMethod,
  type TillValues,
  type TipChoice,
  tillFiguresOf,
  validateTill,
} from '../../domain/till-form'
import { createEntityFormMachine, type SaveFailure } from '../../machines/entity-form.machine'
import { formatMoney } from '../form/money'
import { MoneyField } from '../form/money-field'
import { FormNumberField } from '../form/number-field'
import { PendingButton } from '../form/pending-button'
import { FormRadioGroupField } from '../form/radio-group-field'
import { FormSwitchField } from '../form/switch-field'
import { FormTextField } from '../form/text-field'
import { useEntityForm } from '../form/use-entity-form'
import { ModalDialog } from '../modal-dialog'

const tillForm = createEntityFormMachine<TillValues, CheckoutResult>()

const METHODS: { id: TillMethod; label: string }[] = [
  { id: 'card_terminal', label: 'Card (terminal)' },
  { id: 'cash', label: 'Cash' },
  { id: 'other', label: 'Other' },
]

const TIPS: { id: TipChoice; label: string }[] = [
  { id: 'none', label: 'No tip' },
  ...TIP_PERCENTS.map((percent) => ({ id: `${percent}` as TipChoice, label: `${percent} %` })),
  { id: 'custom', label: 'Custom' },
]

const EXTRA_NAME_MAX = 120

/** What was paid online before the visit, net of refunds (the till takes only the rest). */
function paidOnline(appointment: Appointment): number {
  const payment = appointment.payment
  return payment ? Math.max(0, payment.paid_minor - payment.refunded_minor) : 0
}

/**
 * Checkout at the till: how the customer pays, a tip (10/15/20 % of the total or an amount),
 * a discount (an amount or a percentage), extra items sold, and the total to take, computed as
 * the form is filled in by the same rule the server records with. What was paid online before
 * is taken off. On success the visit is completed and the customer is e-mailed a receipt.
 */
export function TillDialog({
  appointment,
  onClose,
  onCheckedOut,
}: {
  appointment: Appointment
  onClose: () => void
  onCheckedOut: (result: CheckoutResult) => void
}) {
  const toast = useToast()
  const currency = appointment.price.currency
  const money = (amount: number) => formatMoney(amount, currency)
  const visit = {
    serviceMinor: appointment.price.amount_minor,
    paidBeforeMinor: paidOnline(appointment),
  }
  const [nextKey, setNextKey] = useState(1)

  const form = useEntityForm<TillValues, CheckoutResult>({
    machine: tillForm,
    initialValues: { ...INITIAL_TILL_VALUES, sendReceipt: appointment.customer_email !== null },
    validate: (values) => validateTill(values, visit),
    save: ({ values }) => checkoutAppointment(appointment.id, checkoutInputOf(values, visit)),
    onSaved: (result) => {
      const taken = result.checkout.paid_now_minor
      toast.success(
        taken > 0
          ? `${money(taken)} taken from ${appointment.customer_name}; the visit is completed.`
          : `${appointment.customer_name}'s visit is checked out; nothing was left to pay.`,
        'Checked out',
      )
      onCheckedOut(result)
    },
    onFailed: (failure: SaveFailure) => {
      if (Object.keys(failure.fieldErrors).length > 0) return
      toast.error(failure.message)
    },
    warnOnUnsavedChanges: false,
  })
  const { values, fieldErrors: errors } = form
  const busy = form.isSaving
  const figures = tillFiguresOf(values, visit)
  const setExtra = (index: number, change: Partial<TillExtra>) =>
    form.change({
      extras: values.extras.map((extra, at) => (at === index ? { ...extra, ...change } : extra)),
    })

  return (
    <ModalDialog
      title={`Checkout: ${appointment.customer_name}`}
      onClose={onClose}
      busy={busy}
      modalClass="p-till-modal"
    >
      <Form
        className="p-stack"
        ref={form.formRef}
        onSubmit={form.onSubmit}
        validationBehavior="aria"
      >
        <FormRadioGroupField
          label="Payment method"
          name="method"
          value={values.method}
          options={METHODS}
          onChange={(method) => form.change({ method })}
          error={errors.method}
          isReadOnly={busy}
        />
        <fieldset className="p-till-extras">
          <legend className="p-field__label">Extra items sold</legend>
          {values.extras.length === 0 ? (
            <p className="p-muted">None. Add products or add-ons sold with the visit.</p>
          ) : null}
          {values.extras.map((extra, index) => (
            <div key={extra.key} className="p-till-extras__row">
              <FormTextField
                label={`Item ${index + 1}`}
                name={`extras.${index}.name`}
                value={extra.name}
                maxLength={EXTRA_NAME_MAX}
                onChange={(name) => setExtra(index, { name })}
                error={errors[`extras.${index}.name`]}
                isReadOnly={busy}
              />
              <FormNumberField
                label="Quantity"
                name={`extras.${index}.quantity`}
                value={extra.quantity}
                minValue={1}
                maxValue={1000}
                onChange={(quantity) => setExtra(index, { quantity })}
                error={errors[`extras.${index}.quantity`]}
                isReadOnly={busy}
              />
              <MoneyField
                label="Unit price"
                name={`extras.${index}.unit_price_minor`}
                currency={currency}
                valueMinor={extra.unitPriceMinor}
                onChange={(unitPriceMinor) => setExtra(index, { unitPriceMinor })}
                error={errors[`extras.${index}.unit_price_minor`]}
                isReadOnly={busy}
              />
              <Button
                className="p-button p-button--small p-till-extras__remove"
                aria-label={`Remove item ${index + 1}${extra.name ? ` (${extra.name})` : ''}`}
                onPress={() =>
                  form.change({ extras: values.extras.filter((_, at) => at !== index) })
                }
                isDisabled={busy}
              >
                Remove
              </Button>
            </div>
          ))}
          <Button
            className="p-button p-button--small"
            onPress={() => {
              form.change({
                extras: [
                  ...values.extras,
                  { key: `extra-${nextKey}`, name: '', quantity: 1, unitPriceMinor: null },
                ],
              })
              setNextKey((key) => key + 1)
            }}
            isDisabled={busy}
          >
            Add an item
          </Button>
        </fieldset>
        <div className="p-form-grid">
          <FormRadioGroupField
            label="Discount as"
            name="discount_kind"
            value={values.discountKind}
            options={[
              { id: 'amount', label: 'Amount' },
              { id: 'percent', label: 'Percent' },
            ]}
            onChange={(discountKind) => form.change({ discountKind })}
            isReadOnly={busy}
          />
          {values.discountKind === 'amount' ? (
            <MoneyField
              label="Discount"
              name="discount_minor"
              currency={currency}
              valueMinor={values.discountMinor}
              onChange={(discountMinor) => form.change({ discountMinor })}
              error={errors.discount_minor}
              isReadOnly={busy}
            />
          ) : (
            <FormNumberField
              label="Discount"
              name="discount_percent"
              unit="%"
              value={values.discountPercent}
              minValue={0}
              maxValue={100}
              onChange={(discountPercent) => form.change({ discountPercent })}
              error={errors.discount_percent}
              isReadOnly={busy}
            />
          )}
        </div>
        <FormRadioGroupField
          label="Tip"
          name="tip"
          value={values.tip}
          options={TIPS}
          onChange={(tip) => form.change({ tip })}
          error={values.tip === 'custom' ? undefined : errors.tip_minor}
          isReadOnly={busy}
        />
        {values.tip === 'custom' ? (
          <MoneyField
            label="Tip amount"
            name="tip_minor"
            currency={currency}
            valueMinor={values.customTipMinor}
            onChange={(customTipMinor) => form.change({ customTipMinor })}
            error={errors.tip_minor}
            isReadOnly={busy}
          />
        ) : null}
        <dl className="p-till-summary" aria-live="polite" data-testid="till-summary">
          <SummaryLine label={appointment.service_name} value={money(figures.serviceMinor)} />
          {figures.extrasMinor > 0 ? (
            <SummaryLine label="Extras" value={money(figures.extrasMinor)} />
          ) : null}
          {figures.discountMinor > 0 ? (
            <SummaryLine label="Discount" value={`−${money(figures.discountMinor)}`} />
          ) : null}
          <SummaryLine label="Total" value={money(figures.totalMinor)} />
          {figures.paidBeforeMinor > 0 ? (
            <SummaryLine label="Paid online before" value={`−${money(figures.paidBeforeMinor)}`} />
          ) : null}
          <SummaryLine label="Still due" value={money(figures.dueMinor)} />
          {figures.tipMinor > 0 ? (
            <SummaryLine label="Tip" value={money(figures.tipMinor)} />
          ) : null}
          <SummaryLine label="Take now" value={money(figures.paidNowMinor)} strong />
        </dl>
        {appointment.customer_email ? (
          <FormSwitchField
            label="E-mail a receipt"
            name="send_receipt"
            value={values.sendReceipt}
            onChange={(sendReceipt) => form.change({ sendReceipt })}
            description={`To ${appointment.customer_email}.`}
            isDisabled={busy}
          />
        ) : (
          <p className="p-muted">No receipt: the customer has no e-mail address on file.</p>
        )}
        {form.formError && Object.keys(errors).length === 0 ? (
          <div className="p-alert" role="alert">
            {form.formError}
          </div>
        ) : null}
        <div className="p-dialog__actions">
          <Button className="p-button" onPress={onClose} isDisabled={busy}>
            Cancel
          </Button>
          <PendingButton type="submit" className="p-button p-button--primary" isPending={busy}>
            {busy
              ? 'Recording…'
              : figures.paidNowMinor > 0
                ? `Take ${money(figures.paidNowMinor)}`
                : 'Check out'}
          </PendingButton>
        </div>
      </Form>
    </ModalDialog>
  )
}

function SummaryLine({
  label,
  value,
  strong = false,
}: {
  label: string
  value: string
  strong?: boolean
}) {
  return (
    <div
      className={
        strong ? 'p-till-summary__line p-till-summary__line--total' : 'p-till-summary__line'
      }
    >
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  )
}
