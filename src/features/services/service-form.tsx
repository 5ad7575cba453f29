import { Form } from 'react-aria-components'
import {
  chargeAtBooking,
  chargeBelowStripeMinimum,
  PAYMENT_RULE_KINDS,
  type PaymentRuleKind,
} from '../../../shared/payment-rules'
import type { TeamMember } from '../../api/catalogue'
import { loadAllTeamMembers } from '../../api/catalogue'
import type { ToastApi } from '../../app/toast-context'
import { FormCheckboxGroupField } from '../../components/form/checkbox-group-field'
import { FormColorField } from '../../components/form/color-field'
import { RequiredNote } from '../../components/form/field-parts'
import { FormActions } from '../../components/form/form-actions'
import { formatMoney } from '../../components/form/money'
import { MoneyField } from '../../components/form/money-field'
import { FormNumberField } from '../../components/form/number-field'
import { FormSelectField } from '../../components/form/select-field'
import { FormSwitchField } from '../../components/form/switch-field'
import { FormTextField } from '../../components/form/text-field'
import type { EntityFormView } from '../../components/form/use-entity-form'
import { useEntityList } from '../../components/form/use-entity-list'
import { FormError } from '../../components/form-error'
import { createEntityListMachine } from '../../machines/entity-list.machine'
import { BookingQuestionsEditor } from './booking-questions-editor'
import {
  NOT_BOOKABLE_ONLINE,
  PAYMENT_RULE_LABELS,
  type Service,
  type ServiceValues,
} from './service-values'

const teamChoices = createEntityListMachine<TeamMember>()

/** After a save: the service is kept, but customers cannot book it; says how to fix it. */
export function warnNotBookable(toast: ToastApi, service: Service) {
  toast.warn(
    `${service.name} is not bookable online — nobody performs it. Open it and tick who performs it under "Performed by".`,
    'Not bookable online',
  )
}

/** The fields of a service, for both the create and the edit screen. */
export function ServiceForm({
  form,
  currency,
  saveLabel,
}: {
  form: EntityFormView<ServiceValues>
  currency: string
  saveLabel: string
}) {
  const { values, fieldErrors: errors, change } = form
  const team = useEntityList<TeamMember>({
    machine: teamChoices,
    sort: 'name',
    loadPage: () => loadAllTeamMembers(),
  })

  return (
    <Form
      className="p-form-page"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      validationBehavior="aria"
    >
      {form.formError ? <FormError title="Not saved" message={form.formError} /> : null}
      <RequiredNote />

      <section className="p-form-section" aria-labelledby="service-basics">
        <h2 id="service-basics" className="p-form-section__title">
          Basics
        </h2>
        <FormTextField
          label="Name"
          name="name"
          isRequired
          maxLength={120}
          value={values.name}
          onChange={(name) => change({ name })}
          error={errors.name}
        />
        <FormTextField
          label="Description"
          name="description"
          multiline
          rows={3}
          maxLength={2000}
          description="Shown to customers when they book."
          value={values.description}
          onChange={(description) => change({ description })}
          error={errors.description}
        />
        <div className="p-form-grid">
          <FormTextField
            label="Category"
            name="category"
            maxLength={60}
            description="Groups services in lists, e.g. Hair or Nails."
            value={values.category}
            onChange={(category) => change({ category })}
            error={errors.category}
          />
          <FormColorField
            label="Colour"
            name="color"
            description="Marks the service in the calendar."
            value={values.color}
            onChange={(color) => change({ color })}
            error={errors.color}
          />
        </div>
        <FormSwitchField
          label="Active"
          name="active"
          description="Inactive services stay in the history but cannot be booked."
          value={values.active}
          onChange={(active) => change({ active })}
          error={errors.active}
        />
      </section>

      <section className="p-form-section" aria-labelledby="service-time-price">
        <h2 id="service-time-price" className="p-form-section__title">
          Time and price
        </h2>
        <div className="p-form-grid">
          <FormNumberField
            label="Duration (minutes)"
            name="duration_minutes"
            isRequired
            minValue={5}
            maxValue={720}
            step={5}
            unit="min"
            value={values.duration_minutes}
            onChange={(duration_minutes) => change({ duration_minutes })}
            error={errors.duration_minutes}
          />
          <MoneyField
            label="Price"
            name="price_minor"
            isRequired
            currency={currency}
            maxMinor={100_000_000}
            description={`In ${currency}, your business currency.`}
            valueMinor={values.price_minor}
            onChange={(price_minor) => change({ price_minor })}
            error={errors.price_minor}
          />
          <FormNumberField
            label="Buffer before (minutes)"
            name="buffer_before_minutes"
            minValue={0}
            maxValue={240}
            step={5}
            unit="min"
            description="Kept free before each appointment, e.g. to prepare."
            value={values.buffer_before_minutes}
            onChange={(buffer_before_minutes) => change({ buffer_before_minutes })}
            error={errors.buffer_before_minutes}
          />
          <FormNumberField
            label="Buffer after (minutes)"
            name="buffer_after_minutes"
            minValue={0}
            maxValue={240}
            step={5}
            unit="min"
            description="Kept free after each appointment, e.g. to clean up."
            value={values.buffer_after_minutes}
            onChange={(buffer_after_minutes) => change({ buffer_after_minutes })}
            error={errors.buffer_after_minutes}
          />
          <FormNumberField
            label="Seats per slot"
            name="capacity"
            isRequired
            minValue={1}
            maxValue={100}
            description="1 for one customer at a time; more for group sessions."
            value={values.capacity}
            onChange={(capacity) => change({ capacity })}
            error={errors.capacity}
          />
        </div>
      </section>

      <section className="p-form-section" aria-labelledby="service-payment">
        <h2 id="service-payment" className="p-form-section__title">
          Payment at booking
        </h2>
        <p className="p-field__help">
          Customers pay on Stripe before the booking is confirmed. Needs the Pro plan and a
          connected Stripe account (Settings → Payments).
        </p>
        <FormSelectField<PaymentRuleKind>
          label="Customers pay"
          name="payment_rule.kind"
          options={PAYMENT_RULE_KINDS.map((kind) => ({
            id: kind,
            label: PAYMENT_RULE_LABELS[kind],
          }))}
          value={values.payment_rule_kind}
          onChange={(payment_rule_kind) => change({ payment_rule_kind })}
          error={errors['payment_rule.kind']}
        />
        {values.payment_rule_kind === 'deposit_fixed' ? (
          <MoneyField
            label="Deposit"
            name="payment_rule.deposit_amount_minor"
            isRequired
            currency={currency}
            maxMinor={values.price_minor ?? 100_000_000}
            description="At most the price. Kept if the customer cancels after your cut-off."
            valueMinor={values.deposit_amount_minor}
            onChange={(deposit_amount_minor) => change({ deposit_amount_minor })}
            error={errors['payment_rule.deposit_amount_minor']}
          />
        ) : null}
        {values.payment_rule_kind === 'deposit_percent' ? (
          <FormNumberField
            label="Deposit (% of the price)"
            name="payment_rule.deposit_percent"
            isRequired
            minValue={1}
            maxValue={100}
            unit="%"
            description="Kept if the customer cancels after your cut-off."
            value={values.deposit_percent}
            onChange={(deposit_percent) => change({ deposit_percent })}
            error={errors['payment_rule.deposit_percent']}
          />
        ) : null}
        {values.payment_rule_kind === 'card_on_file' ? (
          <MoneyField
            label="No-show fee"
            name="payment_rule.no_show_fee_minor"
            isRequired
            currency={currency}
            maxMinor={100_000_000}
            description="Charged to the kept card if the customer does not come."
            valueMinor={values.no_show_fee_minor}
            onChange={(no_show_fee_minor) => change({ no_show_fee_minor })}
            error={errors['payment_rule.no_show_fee_minor']}
          />
        ) : null}
        <p className="p-field__help" aria-live="polite">
          {chargeSummary(values, currency)}
        </p>
      </section>

      <section className="p-form-section" aria-labelledby="service-team">
        <h2 id="service-team" className="p-form-section__title">
          Team
        </h2>
        {team.error ? (
          <FormError title="Team members could not be loaded" message={team.error} />
        ) : null}
        <FormCheckboxGroupField
          label="Performed by"
          name="team_member_ids"
          description="Customers can book this service with these team members."
          emptyText={team.isFirstLoad ? 'Loading team members…' : 'Your team has no members yet.'}
          options={team.items.map((member) => ({ id: member.id, label: member.name }))}
          value={values.team_member_ids}
          onChange={(team_member_ids) => change({ team_member_ids })}
          error={errors.team_member_ids}
        />
        {values.team_member_ids.length === 0 && !team.isFirstLoad ? (
          <p className="p-alert p-alert--warn" role="note">
            <strong>{NOT_BOOKABLE_ONLINE}.</strong> Customers will not see it on your booking page.
            Tick who performs it, or keep it for bookings staff make.
          </p>
        ) : null}
      </section>

      <section className="p-form-section" aria-labelledby="service-questions">
        <h2 id="service-questions" className="p-form-section__title">
          Booking questions
        </h2>
        <p className="p-field__help">Asked when customers book this service online.</p>
        <BookingQuestionsEditor
          questions={values.booking_questions}
          errors={errors}
          onChange={(booking_questions) => change({ booking_questions })}
        />
      </section>

      <FormActions
        busy={form.isSaving}
        saveLabel={saveLabel}
        cancelHref="/services"
        dirty={form.dirty}
      />
    </Form>
  )
}

/** What booking charges with the rule as typed, in a sentence; empty while it is incomplete. */
function chargeSummary(values: ServiceValues, currency: string): string {
  const price = values.price_minor ?? 0
  const rule = {
    kind: values.payment_rule_kind,
    deposit_amount_minor: values.deposit_amount_minor,
    deposit_percent: values.deposit_percent,
    no_show_fee_minor: values.no_show_fee_minor,
  }
  const charge = chargeAtBooking(rule, price)
  if (!charge) return 'Nothing is charged when booking.'
  if (values.payment_rule_kind === 'deposit_percent' && values.deposit_percent === null) return ''
  const incomplete =
    (charge.kind === 'card_on_file' && values.no_show_fee_minor === null) ||
    (charge.kind !== 'card_on_file' && (charge.amount_minor <= 0 || charge.amount_minor > price))
  // A service saved before this was checked: the booking page takes it without payment.
  const below = incomplete ? null : chargeBelowStripeMinimum(rule, price, currency)
  if (below) {
    return `Stripe cannot take this: ${below.message}. Until you raise the price or change the rule, customers book without paying.`
  }
  if (charge.kind === 'card_on_file') {
    return values.no_show_fee_minor === null
      ? ''
      : `Nothing is charged when booking; a no-show is charged ${formatMoney(values.no_show_fee_minor, currency)}.`
  }
  if (charge.amount_minor <= 0 || (charge.kind === 'deposit' && charge.amount_minor > price)) {
    return ''
  }
  return `Customers pay ${formatMoney(charge.amount_minor, currency)} when booking.`
}
