import { Form } from 'react-aria-components'
import { Link } from 'wouter'
import { DUPLICATE_EMAIL_MESSAGE, DuplicateCustomerError } from '../../api/customers'
import type { CustomerValues } from '../../components/customer-values'
import { RequiredNote } from '../../components/form/field-parts'
import { FormActions } from '../../components/form/form-actions'
import { FormSwitchField } from '../../components/form/switch-field'
import { FormTextField } from '../../components/form/text-field'
import { TimeZoneField } from '../../components/form/time-zone-field'
import type { EntityFormView } from '../../components/form/use-entity-form'
import { CustomerTagsField } from './customer-tags-field'

/** The fields of a customer, shared by the create and edit pages. */
export function CustomerForm({
  form,
  businessTimeZone,
  saveLabel,
}: {
  form: EntityFormView<CustomerValues>
  businessTimeZone: string | null
  saveLabel: string
}) {
  const { values, fieldErrors, change } = form
  const duplicate =
    form.failure?.cause instanceof DuplicateCustomerError ? form.failure.cause : null

  return (
    <Form className="p-form" ref={form.formRef} onSubmit={form.onSubmit} validationBehavior="aria">
      {duplicate ? (
        <div className="p-alert" role="alert">
          <strong className="p-alert__title">{DUPLICATE_EMAIL_MESSAGE}</strong>
          {duplicate.existingHref ? (
            <Link href={duplicate.existingHref}>Open the existing customer</Link>
          ) : (
            'Search the customer list for this e-mail.'
          )}
        </div>
      ) : form.formError ? (
        <div className="p-alert" role="alert">
          <strong className="p-alert__title">Couldn't save the customer</strong>
          {form.formError}
        </div>
      ) : null}

      <section className="p-form-section" aria-labelledby="customer-contact">
        <h2 id="customer-contact" className="p-form-section__title">
          Contact
        </h2>
        <RequiredNote />
        <div className="p-form-grid">
          <FormTextField
            className="p-form-grid__wide"
            label="Name"
            name="name"
            isRequired
            autoComplete="off"
            maxLength={120}
            value={values.name}
            onChange={(name) => change({ name })}
            error={fieldErrors.name}
          />
          <FormTextField
            label="E-mail"
            name="email"
            type="email"
            autoComplete="off"
            maxLength={254}
            value={values.email}
            onChange={(email) => change({ email })}
            error={fieldErrors.email}
          />
          <FormTextField
            label="Phone"
            name="phone"
            type="tel"
            autoComplete="off"
            maxLength={40}
            value={values.phone}
            onChange={(phone) => change({ phone })}
            error={fieldErrors.phone}
          />
          <TimeZoneField
            className="p-form-grid__wide"
            label="Time zone"
            name="time_zone"
            value={values.time_zone || null}
            onChange={(zone) => change({ time_zone: zone ?? '' })}
            error={fieldErrors.time_zone}
            description={
              businessTimeZone
                ? `Leave empty to use your business time zone (${businessTimeZone}).`
                : 'Leave empty to use your business time zone.'
            }
          />
        </div>
      </section>

      <section className="p-form-section" aria-labelledby="customer-more">
        <h2 id="customer-more" className="p-form-section__title">
          Notes and preferences
        </h2>
        <CustomerTagsField
          tags={values.tags}
          onChange={(tags) => change({ tags })}
          error={fieldErrors.tags}
        />
        <FormSwitchField
          label="Agreed to receive marketing e-mails"
          name="marketing_consent"
          value={values.marketing_consent}
          onChange={(marketing_consent) => change({ marketing_consent })}
          error={fieldErrors.marketing_consent}
          description="Only switch this on with the customer's permission."
        />
        <FormTextField
          label="Notes"
          name="notes"
          multiline
          maxLength={5000}
          value={values.notes}
          onChange={(notes) => change({ notes })}
          error={fieldErrors.notes}
          description="Only your team sees these."
        />
      </section>

      <FormActions
        busy={form.isSaving}
        saveLabel={saveLabel}
        cancelHref="/customers"
        dirty={form.dirty}
      />
    </Form>
  )
}
