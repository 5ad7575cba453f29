import { FormSwitchField } from '../../components/form/switch-field'
import { collectErrors } from '../../components/form/validation'
import { formatMinutes } from '../../domain/duration-minutes'
import { createEntityFormMachine, type FieldErrors } from '../../machines/entity-form.machine'
import { saveNotificationSettings } from './api'
import { SettingFormPage } from './setting-form-page'
import type { NotificationSettings } from './setting-pages'
import { DurationField } from './settings-duration-field'

export interface NotificationValues {
  confirmation_email: boolean
  reminder_email: boolean
  /** Minutes; null while the field is empty. */
  reminder_lead_minutes: number | null
  notify_customer_on_staff_change: boolean
}

export const MIN_REMINDER_LEAD = 15
export const MAX_REMINDER_LEAD = 10080

export function validateNotifications(values: NotificationValues): FieldErrors {
  const lead = values.reminder_lead_minutes
  return collectErrors({
    reminder_lead_minutes:
      lead === null
        ? 'Enter how long before the appointment the reminder goes out.'
        : !Number.isInteger(lead) || lead < MIN_REMINDER_LEAD || lead > MAX_REMINDER_LEAD
          ? `Use ${formatMinutes(MIN_REMINDER_LEAD)} to ${formatMinutes(MAX_REMINDER_LEAD)}, in whole minutes.`
          : null,
  })
}

export function notificationsBody(values: NotificationValues): NotificationSettings {
  return {
    confirmation_email: values.confirmation_email,
    reminder_email: values.reminder_email,
    reminder_lead_minutes: values.reminder_lead_minutes ?? MIN_REMINDER_LEAD,
    notify_customer_on_staff_change: values.notify_customer_on_staff_change,
  }
}

const notificationsForm = createEntityFormMachine<NotificationValues, NotificationSettings>()

export function NotificationsForm() {
  return (
    <SettingFormPage
      machine={notificationsForm}
      settingId="notifications"
      name="Notification settings"
      initialValues={{
        confirmation_email: true,
        reminder_email: true,
        reminder_lead_minutes: 1440,
        notify_customer_on_staff_change: true,
      }}
      fromSettings={({ notifications }) => ({
        ...notifications,
        notify_customer_on_staff_change: notifications.notify_customer_on_staff_change ?? true,
      })}
      validate={validateNotifications}
      save={(values) => saveNotificationSettings(notificationsBody(values))}
    >
      {({ values, fieldErrors, change }) => (
        <section className="p-form-section" aria-labelledby="notifications-email">
          <h2 id="notifications-email" className="p-form-section__title">
            E-mails to customers
          </h2>
          <FormSwitchField
            label="Send a confirmation e-mail"
            name="confirmation_email"
            value={values.confirmation_email}
            onChange={(confirmation_email) => change({ confirmation_email })}
            error={fieldErrors.confirmation_email}
            description="Sent as soon as an appointment is booked, moved or cancelled."
          />
          <FormSwitchField
            label="Send a reminder e-mail"
            name="reminder_email"
            value={values.reminder_email}
            onChange={(reminder_email) => change({ reminder_email })}
            error={fieldErrors.reminder_email}
            description="Sent once before each appointment."
          />
          <FormSwitchField
            label="E-mail the customer when the team moves an appointment"
            name="notify_customer_on_staff_change"
            value={values.notify_customer_on_staff_change}
            onChange={(notify_customer_on_staff_change) =>
              change({ notify_customer_on_staff_change })
            }
            error={fieldErrors.notify_customer_on_staff_change}
            description="The choice offered first when an appointment is dragged to another time or team member; it can be changed for each move."
          />
          <DurationField
            label="Reminder lead time"
            name="reminder_lead_minutes"
            isRequired
            isDisabled={!values.reminder_email}
            value={values.reminder_lead_minutes}
            onChange={(reminder_lead_minutes) => change({ reminder_lead_minutes })}
            minMinutes={MIN_REMINDER_LEAD}
            maxMinutes={MAX_REMINDER_LEAD}
            error={fieldErrors.reminder_lead_minutes}
            description={
              values.reminder_email
                ? 'How long before the appointment the reminder goes out (15 minutes to 7 days).'
                : 'Switch reminders on to choose when they go out.'
            }
          />
        </section>
      )}
    </SettingFormPage>
  )
}
