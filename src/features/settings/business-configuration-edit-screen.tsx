import { currencyOptions } from '../../domain/business-region'
import './settings.css'
import { type FormEvent, useMemo, useRef, useState } from 'react'
import { Button, Form } from 'react-aria-components'
import { Link } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { ApiError } from '../../api/api-error'
import { useAuthActions, useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { AccessDenied } from '../../components/access-denied'
import { FormComboBoxField } from '../../components/form/combo-box-field'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { RequiredNote } from '../../components/form/field-parts'
import { FormActions } from '../../components/form/form-actions'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { FormTextField } from '../../components/form/text-field'
import { TimeZoneField } from '../../components/form/time-zone-field'
import { useEntityForm } from '../../components/form/use-entity-form'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { loadBusinessConfiguration, saveBusinessConfiguration } from './api'
import {
  type BusinessConfigurationValues,
  configurationToValues,
  EMPTY_BUSINESS_CONFIGURATION,
  localeOptions,
  slugFromName,
  validateBusinessConfiguration,
  valuesToConfiguration,
} from './business-configuration-values'
import {
  type BusinessConfiguration,
  type ConfigurationImpact,
  configurationImpacts,
} from './setting-pages'
import { ZoneMoveChoice } from './zone-move-choice'

const businessForm = createEntityFormMachine<BusinessConfigurationValues, BusinessConfiguration>()

/** /settings/business-configuration/edit (owner, admin). */
export function BusinessConfigurationEditScreen() {
  const profile = useProfile()
  if (!profile) return <FormSkeleton fields={9} label="Loading…" />
  if (!can(profile.permission, 'business.write')) {
    return <AccessDenied what="the business configuration" />
  }
  return <BusinessConfigurationForm />
}

function BusinessConfigurationForm() {
  const toast = useToast()
  const { reloadProfile } = useAuthActions()
  // What is saved now: a change of currency or zone is measured against it, not the first load.
  const saved = useRef<BusinessConfigurationValues>(EMPTY_BUSINESS_CONFIGURATION)
  const [impacts, setImpacts] = useState<ConfigurationImpact[]>([])
  // Whether a new zone takes the team members still on the old one along (asked in the dialog).
  const [moveTeam, setMoveTeam] = useState(true)
  const moveTeamOnSave = useRef(false)

  const form = useEntityForm<BusinessConfigurationValues, BusinessConfiguration>({
    machine: businessForm,
    id: 'business-configuration',
    initialValues: EMPTY_BUSINESS_CONFIGURATION,
    validate: validateBusinessConfiguration,
    load: async () => {
      saved.current = configurationToValues(await loadBusinessConfiguration())
      return saved.current
    },
    save: ({ values }) =>
      saveBusinessConfiguration(valuesToConfiguration(values), {
        moveTeamMembers: moveTeamOnSave.current,
      }),
    onSaved: (configuration) => {
      saved.current = configurationToValues(configuration)
      toast.success('Your business details were saved.', 'Business configuration saved')
      // The sidebar, the profile's zone and the currency of every price come from the profile.
      reloadProfile()
    },
  })
  const { values, fieldErrors, change } = form

  const zoneChange = impacts.find((impact) => impact.field === 'time_zone')
  const locales = useMemo(() => localeOptions(values.locale), [values.locale])
  const currencies = useMemo(() => currencyOptions(values.currency), [values.currency])

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const pending = configurationImpacts(saved.current, values)
    // Field errors first: there is no point confirming a change that cannot be saved.
    const invalid = Object.keys(validateBusinessConfiguration(values)).length > 0
    moveTeamOnSave.current = false
    setMoveTeam(true)
    if (pending.length > 0 && !invalid) setImpacts(pending)
    else form.submit()
  }

  if (form.loadFailed) {
    const status = form.failure?.cause instanceof ApiError ? form.failure.cause.status : null
    if (status === 403) return <AccessDenied what="the business configuration" />
    return (
      <LoadFailedAlert
        title="Couldn't load your business details"
        message={form.formError}
        onRetry={form.retryLoad}
      />
    )
  }

  return (
    <div className="p-form-page">
      <Link href="/settings" className="p-setting-back">
        ← All settings
      </Link>
      {form.isLoading ? (
        <FormSkeleton fields={9} label="Loading your business details…" />
      ) : (
        <Form className="p-form" onSubmit={onSubmit} validationBehavior="aria">
          {form.formError ? (
            <div className="p-alert" role="alert">
              <strong className="p-alert__title">Couldn't save your business details</strong>
              {form.formError}
            </div>
          ) : null}
          <section className="p-form-section" aria-labelledby="business-identity">
            <h2 id="business-identity" className="p-form-section__title">
              Your business
            </h2>
            <RequiredNote />
            <FormTextField
              label="Business name"
              name="name"
              isRequired
              maxLength={120}
              value={values.name}
              onChange={(name) => change({ name })}
              error={fieldErrors.name}
            />
            <FormTextField
              label="Public address (slug)"
              name="slug"
              isRequired
              maxLength={60}
              autoComplete="off"
              value={values.slug}
              onChange={(slug) => change({ slug: slug.toLowerCase() })}
              error={fieldErrors.slug}
              description={
                <>
                  Lowercase letters, digits and hyphens; it names your booking pages.{' '}
                  {/* Offered only for an empty slug: changing a used one breaks shared links. */}
                  {values.slug.trim() === '' && slugFromName(values.name) !== '' ? (
                    <Button
                      className="p-link-button"
                      onPress={() => change({ slug: slugFromName(values.name) })}
                    >
                      Use “{slugFromName(values.name)}”
                    </Button>
                  ) : null}
                </>
              }
            />
          </section>

          <section className="p-form-section" aria-labelledby="business-region">
            <h2 id="business-region" className="p-form-section__title">
              Time, money and language
            </h2>
            <div className="p-form-grid">
              <TimeZoneField
                className="p-form-grid__wide"
                label="Time zone"
                name="time_zone"
                isRequired
                value={values.time_zone || null}
                onChange={(zone) => change({ time_zone: zone ?? '' })}
                error={fieldErrors.time_zone}
                description="Working hours and the calendar are read in this zone."
              />
              <FormComboBoxField
                label="Currency"
                name="currency"
                isRequired
                placeholder="Type a code, e.g. EUR"
                options={currencies}
                value={values.currency || null}
                onChange={(currency) => change({ currency: currency ?? '' })}
                error={fieldErrors.currency}
                description="Prices are shown in this currency."
              />
              <FormComboBoxField
                label="Locale"
                name="locale"
                isRequired
                placeholder="e.g. en-US"
                options={locales}
                value={values.locale || null}
                onChange={(locale) => change({ locale: locale ?? '' })}
                error={fieldErrors.locale}
                description="Language and region for dates and numbers."
              />
            </div>
          </section>

          <section className="p-form-section" aria-labelledby="business-contact">
            <h2 id="business-contact" className="p-form-section__title">
              Contact details
            </h2>
            <div className="p-form-grid">
              <FormTextField
                label="Phone"
                name="phone"
                type="tel"
                maxLength={40}
                value={values.phone}
                onChange={(phone) => change({ phone })}
                error={fieldErrors.phone}
              />
              <FormTextField
                label="E-mail"
                name="email"
                type="email"
                maxLength={254}
                value={values.email}
                onChange={(email) => change({ email })}
                error={fieldErrors.email}
              />
              <FormTextField
                className="p-form-grid__wide"
                label="Address"
                name="address"
                multiline
                rows={3}
                maxLength={500}
                value={values.address}
                onChange={(address) => change({ address })}
                error={fieldErrors.address}
              />
            </div>
          </section>

          <FormActions
            busy={form.isSaving}
            saveLabel="Save changes"
            cancelHref="/settings"
            dirty={form.dirty}
          />
        </Form>
      )}
      <ConfirmDialog
        isOpen={impacts.length > 0}
        onOpenChange={(open) => {
          if (!open) setImpacts([])
        }}
        title="Before you save"
        tone="primary"
        confirmLabel="Save changes"
        onConfirm={() => {
          moveTeamOnSave.current = moveTeam && zoneChange !== undefined
          setImpacts([])
          form.submit()
        }}
      >
        <ul className="p-impact-list">
          {impacts.map((impact) => (
            <li key={impact.field}>
              <strong>{impact.title}</strong>
              {impact.message}
            </li>
          ))}
        </ul>
        {zoneChange ? (
          <ZoneMoveChoice
            from={saved.current.time_zone}
            to={values.time_zone}
            move={moveTeam}
            onMoveChange={setMoveTeam}
          />
        ) : null}
      </ConfirmDialog>
    </div>
  )
}
