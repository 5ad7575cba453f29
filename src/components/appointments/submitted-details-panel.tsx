import { useId } from 'react'
import { Form } from 'react-aria-components'
import { can } from '../../../shared/permissions.ts'
import {
  type Appointment,
  acceptSubmittedDetails,
  type SubmittedDetail,
  type SubmittedDetailField,
} from '../../api/appointments'
import { useToast } from '../../app/toast-context'
import type { Profile } from '../../machines/auth.machine'
import { createEntityFormMachine, type FieldErrors } from '../../machines/entity-form.machine'
import { FormCheckboxGroupField } from '../form/checkbox-group-field'
import { PendingButton } from '../form/pending-button'
import { useEntityForm } from '../form/use-entity-form'
import { collectErrors } from '../form/validation'

interface AcceptValues {
  fields: SubmittedDetailField[]
}

const acceptForm = createEntityFormMachine<AcceptValues, Appointment>()

const fieldLabels: Record<SubmittedDetailField, string> = {
  name: 'Name',
  phone: 'Phone',
  time_zone: 'Time zone',
}

function shown(field: SubmittedDetailField, value: string | null): string {
  if (value === null) return 'nothing'
  return field === 'time_zone' ? value.replaceAll('_', ' ') : value
}

/** "Phone: +1 555 0199 (record: nothing)" */
export function describeSubmittedDetail(detail: SubmittedDetail): string {
  const { field } = detail
  return `${fieldLabels[field]}: ${shown(field, detail.submitted)} (record: ${shown(field, detail.on_record)})`
}

export function validateAccept(values: AcceptValues): FieldErrors {
  return collectErrors({
    fields: values.fields.length === 0 && 'Choose at least one detail to copy.',
  })
}

/**
 * What the visitor typed into the online booking form where it differs from the customer
 * record: an online booking never changes the record, since anyone can type an e-mail address.
 * Users who may change customers pick what to copy into it; the server logs that as their
 * change of the customer. Nothing shows when nothing differs.
 */
export function SubmittedDetailsPanel({
  appointment,
  profile,
  onAccepted,
}: {
  appointment: Appointment
  profile: Profile
  onAccepted: (updated: Appointment) => void
}) {
  const details = appointment.submitted_details
  if (details.length === 0) return null
  return (
    <SubmittedDetails
      // What is left to accept is a new form, with everything chosen again.
      key={details.map((detail) => detail.field).join()}
      appointment={appointment}
      mayAccept={can(profile.permission, 'customers.write')}
      onAccepted={onAccepted}
    />
  )
}

function SubmittedDetails({
  appointment,
  mayAccept,
  onAccepted,
}: {
  appointment: Appointment
  mayAccept: boolean
  onAccepted: (updated: Appointment) => void
}) {
  const headingId = useId()
  const details = appointment.submitted_details
  return (
    <section className="p-submitted-details p-stack-sm" aria-labelledby={headingId}>
      <h3 id={headingId} className="p-submitted-details__title">
        Typed when booking online
      </h3>
      <p className="p-muted">
        These differ from {appointment.customer_name}'s customer record, which an online booking
        never changes.
      </p>
      {mayAccept ? (
        <AcceptForm appointment={appointment} onAccepted={onAccepted} />
      ) : (
        <ul className="p-submitted-details__list">
          {details.map((detail) => (
            <li key={detail.field}>{describeSubmittedDetail(detail)}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

function AcceptForm({
  appointment,
  onAccepted,
}: {
  appointment: Appointment
  onAccepted: (updated: Appointment) => void
}) {
  const toast = useToast()
  const details = appointment.submitted_details
  const form = useEntityForm<AcceptValues, Appointment>({
    machine: acceptForm,
    initialValues: { fields: details.map((detail) => detail.field) },
    validate: validateAccept,
    save: ({ values }) => acceptSubmittedDetails(appointment.id, values.fields),
    onSaved: (updated) => {
      toast.success(`${updated.customer_name}'s customer record is updated.`)
      onAccepted(updated)
    },
    warnOnUnsavedChanges: false,
  })
  const busy = form.isSaving
  return (
    <Form
      className="p-stack-sm"
      aria-label="Copy to the customer record"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      validationBehavior="aria"
    >
      <FormCheckboxGroupField
        label="Copy to the customer record"
        name="fields"
        value={form.values.fields}
        onChange={(fields) => form.change({ fields: fields as SubmittedDetailField[] })}
        options={details.map((detail) => ({
          id: detail.field,
          label: describeSubmittedDetail(detail),
        }))}
        error={form.fieldErrors.fields}
        isReadOnly={busy}
      />
      <div>
        <PendingButton type="submit" className="p-button" isPending={busy}>
          {busy ? 'Updating…' : 'Update customer record'}
        </PendingButton>
      </div>
    </Form>
  )
}
