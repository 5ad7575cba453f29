import { useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { Button, Form } from 'react-aria-components'
import { Link } from 'wouter'
import type { ActorRefFrom } from 'xstate'
import { loadActiveServices, type Service } from '../../api/appointments'
import { RequiredNote } from '../../components/form/field-parts'
import { PendingButton } from '../../components/form/pending-button'
import { FormSelectField } from '../../components/form/select-field'
import { FormTextField } from '../../components/form/text-field'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import { formatDuration } from '../../domain/duration-minutes'
import {
  NEXT_SLOT_HORIZON_DAYS,
  type NewCustomerValues,
  type quickAppointmentMachine,
} from '../../machines/quick-appointment.machine'
import { formatClockRange, formatSlotStart } from './dashboard-values'

// The steps of Quick Appointment after the customer search: a new customer, the service, the
// proposed time.

/** The bookable services for the dialog's select, loaded when it opens. */
function useBookableServices() {
  const [services, setServices] = useState<Service[] | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [attempt, setAttempt] = useState(0)
  useEffect(() => {
    let current = true
    setError(null)
    // A retry shows the placeholder again while it loads.
    if (attempt > 0) setServices(null)
    loadActiveServices()
      .then((found) => {
        if (current) setServices(found)
      })
      .catch((failure: unknown) => {
        if (current) {
          setError(failure instanceof Error ? failure.message : 'Services could not be loaded.')
        }
      })
    return () => {
      current = false
    }
  }, [attempt])
  return { services, error, retry: () => setAttempt((n) => n + 1) }
}

export type QuickActor = ActorRefFrom<typeof quickAppointmentMachine>

export function NewCustomerForm({ actor }: { actor: QuickActor }) {
  const values = useSelector(actor, (s) => s.context.newCustomer)
  const errors = useSelector(actor, (s) => s.context.fieldErrors)
  const creating = useSelector(actor, (s) => s.matches({ newCustomer: 'creating' }))
  const failure = useSelector(actor, (s) =>
    s.matches({ newCustomer: 'failed' }) ? s.context.error : null,
  )
  const change = (changes: Partial<NewCustomerValues>) =>
    actor.send({ type: 'quick.newCustomerChanged', values: changes })
  // Errors about fields this short form does not have still need saying.
  const otherErrors = Object.entries(errors)
    .filter(([field]) => !['name', 'email', 'phone'].includes(field))
    .map(([, message]) => message)

  return (
    <Form
      className="p-stack-sm p-quick-new-customer"
      aria-label="New customer"
      validationBehavior="aria"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'quick.newCustomerSubmitted' })
      }}
    >
      <h3 className="p-quick-step-title">New customer</h3>
      <RequiredNote />
      <FormTextField
        label="Name"
        name="name"
        isRequired
        autoFocus
        maxLength={120}
        autoComplete="off"
        value={values.name}
        onChange={(name) => change({ name })}
        error={errors.name}
        isReadOnly={creating}
      />
      <div className="p-form-grid">
        <FormTextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="off"
          maxLength={254}
          value={values.email}
          onChange={(email) => change({ email })}
          error={errors.email}
          isReadOnly={creating}
        />
        <FormTextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="off"
          maxLength={40}
          value={values.phone}
          onChange={(phone) => change({ phone })}
          error={errors.phone}
          isReadOnly={creating}
        />
      </div>
      <p className="p-field__description">An e-mail address or a phone number, to reach them.</p>
      {failure || otherErrors.length > 0 ? (
        <div className="p-alert" role="alert">
          {failure ?? otherErrors.join(' ')}
        </div>
      ) : null}
      <div className="p-row">
        <PendingButton type="submit" className="p-button p-button--primary" isPending={creating}>
          {failure ? 'Try again' : creating ? 'Adding…' : 'Add customer'}
        </PendingButton>
        <Button
          className="p-button p-button--ghost"
          isDisabled={creating}
          onPress={() => actor.send({ type: 'quick.newCustomerCancelled' })}
        >
          Choose an existing customer
        </Button>
      </div>
    </Form>
  )
}

export function ServiceChoice({
  serviceId,
  canAddServices,
  isDisabled,
  onChosen,
}: {
  serviceId: string | null
  canAddServices: boolean
  isDisabled: boolean
  onChosen: (service: { id: string; name: string }) => void
}) {
  const { services, error, retry } = useBookableServices()
  const box = useRef<HTMLDivElement>(null)
  const ready = services !== null && services.length > 0

  // The step after choosing a customer: focus goes to the service, unless one is chosen.
  useEffect(() => {
    if (ready && serviceId === null) box.current?.querySelector<HTMLElement>('button')?.focus()
  }, [ready, serviceId])

  if (error) {
    return <LoadFailedAlert title="Services could not be loaded" message={error} onRetry={retry} />
  }
  if (services === null) {
    return (
      <div className="p-field" role="status">
        <span className="p-field__label">Service</span>
        <span className="p-skeleton p-quick-select-skeleton" aria-hidden="true" />
        <span className="p-visually-hidden">Loading services…</span>
      </div>
    )
  }
  if (services.length === 0) {
    return (
      <div className="p-quick-info" role="status">
        There is no active service to book yet.{' '}
        {canAddServices ? (
          <Link href="/services/create">Add a service</Link>
        ) : (
          'An owner or admin of your business adds them.'
        )}
      </div>
    )
  }
  return (
    <div ref={box}>
      <FormSelectField
        label="Service"
        name="service_id"
        isRequired
        isDisabled={isDisabled}
        value={serviceId}
        options={services.map((item) => ({
          id: item.id,
          label: item.name,
          description: formatDuration(item.duration_minutes),
        }))}
        onChange={(id) => {
          const chosen = services.find((item) => item.id === id)
          if (chosen) onChosen({ id: chosen.id, name: chosen.name })
        }}
      />
    </div>
  )
}

export function Proposal({ actor, timeZone }: { actor: QuickActor; timeZone: string }) {
  const state = useSelector(actor, (s) => {
    if (s.matches('booking') || s.matches('booked')) return 'booking' as const
    if (s.matches({ slot: 'proposing' })) return 'proposing' as const
    if (s.matches({ slot: 'proposed' })) return 'proposed' as const
    if (s.matches({ slot: 'noSlot' })) return 'noSlot' as const
    if (s.matches({ slot: 'proposalFailed' })) return 'proposalFailed' as const
    if (s.matches({ slot: 'bookingFailed' })) return 'bookingFailed' as const
    return 'none' as const
  })
  const proposal = useSelector(actor, (s) => s.context.proposal)
  const service = useSelector(actor, (s) => s.context.service)
  const notice = useSelector(actor, (s) => s.context.notice)
  const error = useSelector(actor, (s) => s.context.error)
  const retry = () => actor.send({ type: 'quick.retry' })

  if (state === 'none') return null

  const announcement =
    state === 'proposing'
      ? 'Finding the next free time…'
      : state === 'noSlot'
        ? 'No free time found.'
        : state === 'proposed' && proposal
          ? `${notice ?? ''} Next free time: ${formatSlotStart(proposal.starts_at, timeZone)} with ${proposal.team_member_name}.`
          : ''

  return (
    <div className="p-quick-proposal">
      {/* One short sentence for screen readers as the proposal changes; the details follow. */}
      <p className="p-visually-hidden" role="status">
        {announcement}
      </p>
      {state === 'proposing' ? (
        <p className="p-quick-proposal__finding" aria-hidden="true">
          <span className="p-spinner" /> Finding the next free time…
        </p>
      ) : state === 'noSlot' ? (
        <div className="p-stack-sm">
          <p className="p-quick-proposal__title">No free time</p>
          <p>
            Nothing is free for {service?.name} in the next {NEXT_SLOT_HORIZON_DAYS} days. Check the
            team's working hours and who performs this service, or choose another service.
          </p>
          <div>
            <Button className="p-button p-button--small" onPress={retry}>
              Look again
            </Button>
          </div>
        </div>
      ) : state === 'proposalFailed' ? (
        <LoadFailedAlert title="No time could be proposed" message={error} onRetry={retry} />
      ) : proposal ? (
        <div className="p-stack-sm">
          {notice ? <p className="p-quick-proposal__notice">{notice}</p> : null}
          <p className="p-quick-proposal__title">Next free time</p>
          <p className="p-quick-proposal__slot" data-testid="quick-proposal">
            {formatSlotStart(proposal.starts_at, timeZone)} with {proposal.team_member_name}
          </p>
          <p className="p-muted">
            {service?.name}, {formatClockRange(proposal.starts_at, proposal.ends_at, timeZone)}
          </p>
          {state === 'bookingFailed' ? (
            <div className="p-alert" role="alert">
              <strong className="p-alert__title">Not booked</strong>
              {error}
            </div>
          ) : null}
          <div>
            <PendingButton
              className="p-button p-button--primary"
              autoFocus
              isPending={state === 'booking'}
              onPress={() =>
                actor.send(
                  state === 'bookingFailed' ? { type: 'quick.retry' } : { type: 'quick.book' },
                )
              }
            >
              {state === 'booking'
                ? 'Booking…'
                : state === 'bookingFailed'
                  ? 'Try booking again'
                  : 'Book this time'}
            </PendingButton>
          </div>
        </div>
      ) : null}
    </div>
  )
}
