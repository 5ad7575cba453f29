import type { ReactNode } from 'react'
import { Form } from 'react-aria-components'
import type { Service } from '../../api/catalogue'
import { loadAllServices } from '../../api/catalogue'
import { FormCheckboxGroupField } from '../../components/form/checkbox-group-field'
import { FormColorField } from '../../components/form/color-field'
import { RequiredNote } from '../../components/form/field-parts'
import { FormActions } from '../../components/form/form-actions'
import { FormSelectField } from '../../components/form/select-field'
import { FormSwitchField } from '../../components/form/switch-field'
import { FormTextField } from '../../components/form/text-field'
import { TimeZoneField } from '../../components/form/time-zone-field'
import type { EntityFormView } from '../../components/form/use-entity-form'
import { useEntityList } from '../../components/form/use-entity-list'
import { FormError } from '../../components/form-error'
import { createEntityListMachine } from '../../machines/entity-list.machine'
import {
  PERMISSION_DESCRIPTIONS,
  PERMISSION_LABELS,
  type Permission,
  slugFromName,
  type TeamMemberValues,
} from './team-member-values'
import { WorkingHoursEditor } from './working-hours-editor'

const serviceChoices = createEntityListMachine<Service>()

/** What the signed-in user may change on this form. */
export interface TeamFormAccess {
  /** Owners and admins: every field (ownership aside). */
  canWriteTeam: boolean
  /** Owners: make someone an owner, change an owner's permission or e-mail. */
  canManageOwnership: boolean
}

const ALL_PERMISSIONS: readonly Permission[] = ['owner', 'admin', 'staff']

/** The team member's fields, for the create and the edit screen. */
export function TeamMemberForm({
  form,
  access,
  saveLabel,
  isOwnerRecord,
  bookableNote,
  saveProblem,
}: {
  form: EntityFormView<TeamMemberValues>
  access: TeamFormAccess
  saveLabel: string
  /** The record being edited belongs to an owner (only owners change it). */
  isOwnerRecord: boolean
  /** Said under the Bookable switch (the plan has no room for another bookable member). */
  bookableNote?: ReactNode
  /** Shown instead of the generic "Not saved" alert (a plan limit the server refused). */
  saveProblem?: ReactNode
}) {
  const { values, fieldErrors: errors, change } = form
  const services = useEntityList<Service>({
    machine: serviceChoices,
    sort: 'name',
    loadPage: () => loadAllServices(),
  })

  // Staff editing themselves change only name, bio, time zone and working hours.
  const adminOnly = !access.canWriteTeam
  const ownershipLocked = isOwnerRecord && !access.canManageOwnership
  const permissions = ALL_PERMISSIONS.filter(
    (permission) =>
      permission !== 'owner' || access.canManageOwnership || values.permission === 'owner',
  )
  const slug = values.slug.trim() || slugFromName(values.name)
  const publicAddress = `${window.location.origin}/booking/${slug || '…'}`

  return (
    <Form
      className="p-form-page"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      validationBehavior="aria"
    >
      {form.formError
        ? (saveProblem ?? <FormError title="Not saved" message={form.formError} />)
        : null}
      <RequiredNote />

      <section className="p-form-section" aria-labelledby="member-profile">
        <h2 id="member-profile" className="p-form-section__title">
          Profile
        </h2>
        <div className="p-form-grid">
          <FormTextField
            label="Name"
            name="name"
            isRequired
            maxLength={120}
            autoComplete="off"
            value={values.name}
            onChange={(name) => change({ name })}
            error={errors.name}
          />
          <FormTextField
            label="E-mail"
            name="email"
            type="email"
            maxLength={254}
            autoComplete="off"
            isReadOnly={adminOnly || ownershipLocked}
            description="They get access to this business when they sign in with this e-mail."
            value={values.email}
            onChange={(email) => change({ email })}
            error={errors.email}
          />
          <FormSelectField
            label="Permission"
            name="permission"
            isRequired
            isReadOnly={adminOnly || ownershipLocked}
            value={values.permission}
            options={permissions.map((permission) => ({
              id: permission,
              label: PERMISSION_LABELS[permission],
              description: PERMISSION_DESCRIPTIONS[permission],
            }))}
            description={PERMISSION_DESCRIPTIONS[values.permission]}
            onChange={(permission) => change({ permission })}
            error={errors.permission}
          />
          <FormTextField
            label="Public slug"
            name="slug"
            maxLength={60}
            autoComplete="off"
            isReadOnly={adminOnly}
            placeholder={slugFromName(values.name) || 'e.g. ada-park'}
            description={
              <>
                Their booking page: <span className="p-mono">{publicAddress}</span>
                {values.slug.trim() ? null : ' (made from the name when left empty)'}
              </>
            }
            value={values.slug}
            onChange={(next) => change({ slug: next })}
            error={errors.slug}
          />
          <TimeZoneField
            label="Time zone"
            name="time_zone"
            isRequired
            description="Their working hours are in this time zone."
            value={values.time_zone}
            onChange={(time_zone) => change({ time_zone: time_zone ?? '' })}
            error={errors.time_zone}
          />
        </div>
        <FormTextField
          label="Bio"
          name="bio"
          multiline
          rows={3}
          maxLength={2000}
          description="Shown on their public booking page."
          value={values.bio}
          onChange={(bio) => change({ bio })}
          error={errors.bio}
        />
        <FormSwitchField
          label="Bookable"
          name="bookable"
          isDisabled={adminOnly}
          description={
            <>
              Customers can book appointments with them.
              {bookableNote ? <> {bookableNote}</> : null}
            </>
          }
          value={values.bookable}
          onChange={(bookable) => change({ bookable })}
          error={errors.bookable}
        />
        {adminOnly ? null : (
          <FormColorField
            label="Calendar colour"
            name="color"
            description={
              values.color
                ? 'Marks them in the team calendar.'
                : 'Marks them in the team calendar. Left empty, they get a colour nobody else wears yet.'
            }
            value={values.color}
            onChange={(color) => change({ color })}
            error={errors.color}
          />
        )}
      </section>

      <section className="p-form-section" aria-labelledby="member-services">
        <h2 id="member-services" className="p-form-section__title">
          Services
        </h2>
        {services.error ? (
          <FormError title="Services could not be loaded" message={services.error} />
        ) : null}
        <FormCheckboxGroupField
          label="Services performed"
          name="service_ids"
          isDisabled={adminOnly}
          emptyText={
            services.isFirstLoad ? 'Loading services…' : 'Your business has no services yet.'
          }
          options={services.items.map((service) => ({ id: service.id, label: service.name }))}
          value={values.service_ids}
          onChange={(service_ids) => change({ service_ids })}
          error={errors.service_ids}
        />
      </section>

      <section className="p-form-section" aria-labelledby="member-hours">
        <h2 id="member-hours" className="p-form-section__title">
          Working hours
        </h2>
        <p className="p-form-section__intro">
          Each week, in their time zone ({values.time_zone.replaceAll('_', ' ') || 'not set'}).
          Customers can book only inside these hours, outside breaks.
        </p>
        <WorkingHoursEditor
          value={values.working_hours}
          onChange={(working_hours) => change({ working_hours })}
          errors={errors}
        />
      </section>

      <FormActions
        busy={form.isSaving}
        saveLabel={saveLabel}
        cancelHref="/team"
        dirty={form.dirty}
      />
    </Form>
  )
}
