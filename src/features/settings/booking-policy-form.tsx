import { FormNumberField } from '../../components/form/number-field'
import { FormSelectField } from '../../components/form/select-field'
import { collectErrors } from '../../components/form/validation'
import { formatMinutes } from '../../domain/duration-minutes'
import { createEntityFormMachine, type FieldErrors } from '../../machines/entity-form.machine'
import { saveBookingPolicy } from './api'
import { SettingFormPage } from './setting-form-page'
import { type BookingPolicy, TEAM_MEMBER_CHOICE_LABELS } from './setting-pages'
import { ChoiceField } from './settings-choice-field'
import { DurationField } from './settings-duration-field'

/** The form's values: numbers a person has emptied are null until they type one again. */
export interface BookingPolicyValues {
  min_notice_minutes: number | null
  booking_window_days: number | null
  slot_interval_minutes: BookingPolicy['slot_interval_minutes']
  cancellation_cutoff_minutes: number | null
  reschedule_cutoff_minutes: number | null
  team_member_choice: BookingPolicy['team_member_choice']
}

export const SLOT_INTERVALS: readonly BookingPolicy['slot_interval_minutes'][] = [
  5, 10, 15, 20, 30, 45, 60, 90, 120,
]

const MAX_CUTOFF_MINUTES = 43200

const DEFAULT_VALUES: BookingPolicyValues = {
  min_notice_minutes: 0,
  booking_window_days: 60,
  slot_interval_minutes: 15,
  cancellation_cutoff_minutes: 0,
  reschedule_cutoff_minutes: 0,
  team_member_choice: 'both',
}

function inRange(value: number | null, min: number, max: number, empty: string, range: string) {
  if (value === null) return empty
  if (!Number.isInteger(value) || value < min || value > max) return range
  return null
}

/** The contract's limits, said before the server says them. */
export function validateBookingPolicy(values: BookingPolicyValues): FieldErrors {
  const cutoff = `Use at most ${formatMinutes(MAX_CUTOFF_MINUTES)}, in whole minutes.`
  return collectErrors({
    min_notice_minutes: inRange(
      values.min_notice_minutes,
      0,
      MAX_CUTOFF_MINUTES,
      'Enter the minimum notice (0 for none).',
      cutoff,
    ),
    booking_window_days: inRange(
      values.booking_window_days,
      1,
      730,
      'Enter how many days ahead bookings open.',
      'Use a whole number of days from 1 to 730.',
    ),
    cancellation_cutoff_minutes: inRange(
      values.cancellation_cutoff_minutes,
      0,
      MAX_CUTOFF_MINUTES,
      'Enter the cancellation cut-off (0 for none).',
      cutoff,
    ),
    reschedule_cutoff_minutes: inRange(
      values.reschedule_cutoff_minutes,
      0,
      MAX_CUTOFF_MINUTES,
      'Enter the reschedule cut-off (0 for none).',
      cutoff,
    ),
  })
}

/** Only called after validateBookingPolicy passed, so no number is null here. */
export function bookingPolicyBody(values: BookingPolicyValues): BookingPolicy {
  return {
    min_notice_minutes: values.min_notice_minutes ?? 0,
    booking_window_days: values.booking_window_days ?? 1,
    slot_interval_minutes: values.slot_interval_minutes,
    cancellation_cutoff_minutes: values.cancellation_cutoff_minutes ?? 0,
    reschedule_cutoff_minutes: values.reschedule_cutoff_minutes ?? 0,
    team_member_choice: values.team_member_choice,
  }
}

const bookingPolicyForm = createEntityFormMachine<BookingPolicyValues, BookingPolicy>()

const CHOICE_DESCRIPTIONS: Record<BookingPolicy['team_member_choice'], string> = {
  customer_picks: 'The booking page asks who they want to see.',
  any_available: 'The first free team member who offers the service is booked.',
  both: 'The booking page offers "Any available" next to each team member.',
}

export function BookingPolicyForm() {
  return (
    <SettingFormPage
      machine={bookingPolicyForm}
      settingId="booking-policy"
      name="Booking policy"
      initialValues={DEFAULT_VALUES}
      fromSettings={(settings) => ({ ...settings.booking_policy })}
      validate={validateBookingPolicy}
      save={(values) => saveBookingPolicy(bookingPolicyBody(values))}
    >
      {({ values, fieldErrors, change }) => (
        <>
          <section className="p-form-section" aria-labelledby="policy-when">
            <h2 id="policy-when" className="p-form-section__title">
              When customers can book
            </h2>
            <div className="p-form-grid">
              <DurationField
                label="Minimum notice"
                name="min_notice_minutes"
                isRequired
                value={values.min_notice_minutes}
                onChange={(min_notice_minutes) => change({ min_notice_minutes })}
                maxMinutes={MAX_CUTOFF_MINUTES}
                error={fieldErrors.min_notice_minutes}
                description="How soon before its start a slot can still be booked."
              />
              <FormNumberField
                label="Booking window"
                name="booking_window_days"
                isRequired
                unit="days"
                minValue={1}
                maxValue={730}
                value={values.booking_window_days}
                onChange={(booking_window_days) => change({ booking_window_days })}
                error={fieldErrors.booking_window_days}
                description="How far ahead bookings open."
              />
              <FormSelectField
                label="Slot interval"
                name="slot_interval_minutes"
                isRequired
                value={String(values.slot_interval_minutes)}
                options={SLOT_INTERVALS.map((minutes) => ({
                  id: String(minutes),
                  label: `Every ${formatMinutes(minutes)}`,
                }))}
                onChange={(minutes) =>
                  change({
                    slot_interval_minutes: Number(
                      minutes,
                    ) as BookingPolicy['slot_interval_minutes'],
                  })
                }
                error={fieldErrors.slot_interval_minutes}
                description="How far apart the start times offered to customers are."
              />
            </div>
          </section>
          <section className="p-form-section" aria-labelledby="policy-changes">
            <h2 id="policy-changes" className="p-form-section__title">
              Cancelling and rescheduling
            </h2>
            <div className="p-form-grid">
              <DurationField
                label="Cancellation cut-off"
                name="cancellation_cutoff_minutes"
                isRequired
                value={values.cancellation_cutoff_minutes}
                onChange={(cancellation_cutoff_minutes) => change({ cancellation_cutoff_minutes })}
                maxMinutes={MAX_CUTOFF_MINUTES}
                error={fieldErrors.cancellation_cutoff_minutes}
                description="Customers cannot cancel later than this before the start."
              />
              <DurationField
                label="Reschedule cut-off"
                name="reschedule_cutoff_minutes"
                isRequired
                value={values.reschedule_cutoff_minutes}
                onChange={(reschedule_cutoff_minutes) => change({ reschedule_cutoff_minutes })}
                maxMinutes={MAX_CUTOFF_MINUTES}
                error={fieldErrors.reschedule_cutoff_minutes}
                description="Customers cannot move a booking later than this before the start."
              />
            </div>
          </section>
          <section className="p-form-section" aria-labelledby="policy-team">
            <h2 id="policy-team" className="p-form-section__title">
              Team member choice
            </h2>
            <ChoiceField
              label="Who chooses the team member"
              name="team_member_choice"
              isRequired
              value={values.team_member_choice}
              choices={(
                Object.keys(TEAM_MEMBER_CHOICE_LABELS) as BookingPolicy['team_member_choice'][]
              ).map((id) => ({
                id,
                label: TEAM_MEMBER_CHOICE_LABELS[id],
                description: CHOICE_DESCRIPTIONS[id],
              }))}
              onChange={(team_member_choice) => change({ team_member_choice })}
              error={fieldErrors.team_member_choice}
            />
          </section>
        </>
      )}
    </SettingFormPage>
  )
}
