import { Form } from 'react-aria-components'
import type { components } from '../../../shared/contract/schema'
import { FormDateRangeField, FormDateTimeField } from '../../components/form/date-fields'
import { FormActions } from '../../components/form/form-actions'
import { FormRadioGroupField } from '../../components/form/radio-group-field'
import { FormTextField } from '../../components/form/text-field'
import { useEntityForm } from '../../components/form/use-entity-form'
import { FormError } from '../../components/form-error'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { NEW_TIME_OFF, type TimeOffValues, timeOffInput, validateTimeOff } from './time-off-values'
import './time-off.css'

type TimeOff = components['schemas']['TimeOff']
type TimeOffInput = components['schemas']['TimeOffInput']

const timeOffForm = createEntityFormMachine<TimeOffValues, TimeOff>()

const MODES = [
  { id: 'days', label: 'Whole days' },
  { id: 'span', label: 'Part of a day' },
] as const

/**
 * Adds one time off: whole days picked as a date range, or an exact start and end in the team
 * member's time zone. Saved at once (it does not wait for the profile's Save); `onAdd` calls the
 * API and its field errors show here. Give it a new `key` after each success for a blank form.
 */
export function TimeOffForm({
  timeZone,
  today,
  onAdd,
  onAdded,
}: {
  timeZone: string
  /** Today in the member's zone (ISO date): earlier days cannot be picked. */
  today: string
  onAdd: (input: TimeOffInput) => Promise<TimeOff>
  onAdded: (timeOff: TimeOff) => void
}) {
  const form = useEntityForm<TimeOffValues, TimeOff>({
    machine: timeOffForm,
    initialValues: NEW_TIME_OFF,
    validate: validateTimeOff,
    save: ({ values }) => onAdd(timeOffInput(values, timeZone)),
    onSaved: onAdded,
  })
  const { values, fieldErrors: errors, change } = form

  return (
    <Form
      className="p-time-off-form"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      validationBehavior="aria"
      aria-label="Add time off"
    >
      {form.formError ? <FormError title="Time off not added" message={form.formError} /> : null}
      <FormRadioGroupField
        label="Kind of time off"
        name="mode"
        value={values.mode}
        options={MODES}
        onChange={(mode) => change({ mode })}
      />
      {values.mode === 'days' ? (
        <FormDateRangeField
          label="Days off"
          name="start_date"
          isRequired
          minValue={today}
          description="First and last day, both included."
          value={
            values.start_date && values.end_date
              ? { start: values.start_date, end: values.end_date }
              : null
          }
          onChange={(range) =>
            change({ start_date: range?.start ?? null, end_date: range?.end ?? null })
          }
          error={errors.start_date ?? errors.end_date}
        />
      ) : (
        <div className="p-form-grid">
          <FormDateTimeField
            label="Starts"
            name="starts_at"
            isRequired
            description={`In ${timeZone.replaceAll('_', ' ')} time.`}
            value={values.starts_at}
            onChange={(starts_at) => change({ starts_at })}
            error={errors.starts_at}
          />
          <FormDateTimeField
            label="Ends"
            name="ends_at"
            isRequired
            value={values.ends_at}
            onChange={(ends_at) => change({ ends_at })}
            error={errors.ends_at}
          />
        </div>
      )}
      <FormTextField
        label="Reason"
        name="reason"
        maxLength={200}
        description="Only your team sees it, e.g. Holiday or Training."
        value={values.reason}
        onChange={(reason) => change({ reason })}
        error={errors.reason}
      />
      <FormActions busy={form.isSaving} saveLabel="Add time off" sticky={false} />
    </Form>
  )
}
