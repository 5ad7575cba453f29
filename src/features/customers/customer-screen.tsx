import './customers.css'
import './customer-profile.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link, useParams } from 'wouter'
import { can } from '../../../shared/permissions.ts'
import { useProfile } from '../../app/auth-context'
import { AppointmentFormDialog } from '../../components/appointments/appointment-form-dialog'
import { EmptyState } from '../../components/form/empty-state'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { accessFor, mayBook } from '../../domain/appointment-access'
import { mailtoHref, telHref } from '../../domain/contact-links'
import { CustomerAppointmentHistory, VisitsTable } from './customer-appointment-history'
import { CustomerConsent } from './customer-consent'
import { CustomerFigures } from './customer-figures'
import { CustomerLoadFailed } from './customer-load-failed'
import { CustomerNotes } from './customer-notes'
import { CustomerTagList } from './customer-table'
import { createClientProfileLogic } from './effects'

/**
 * /customers/:id: the client profile a front desk keeps open: contact (click to call or
 * write), consent, tags, what to know about them, their figures, visits and the team's notes,
 * and "Book again". Editing the details is one press away (/customers/:id/edit).
 */
export function CustomerScreen() {
  const { id = '' } = useParams<{ id: string }>()
  // A booking made from here changes the figures and visits: read them all again.
  const [revision, setRevision] = useState(0)
  return (
    <ClientProfile key={`${id}:${revision}`} id={id} onBooked={() => setRevision((n) => n + 1)} />
  )
}

function ClientProfile({ id, onBooked }: { id: string; onBooked: () => void }) {
  const profile = useProfile()
  const logic = useMemo(() => createClientProfileLogic(id), [id])
  const actor = useActorRef(logic)
  const data = useSelector(actor, (s) => s.context.data)
  const failure = useSelector(actor, (s) => (s.matches('failed') ? s.context.failure : null))
  const [booking, setBooking] = useState(false)

  if (failure) {
    return (
      <CustomerLoadFailed
        missing={failure.status === 404 || failure.status === 400}
        message={failure.message}
        onRetry={() => actor.send({ type: 'load.retry' })}
      />
    )
  }
  if (!data || !profile) return <FormSkeleton fields={6} label="Loading the customer…" />

  const { customer, overview } = data
  const erased = customer.erased_at !== null
  const canBook = !erased && mayBook(accessFor(profile))
  const canEdit = !erased && can(profile.permission, 'customers.write')
  const timeZone = profile.tenant.time_zone

  return (
    <div className="p-client">
      <header className="p-client-header">
        <div className="p-client-header__who">
          <h2 className="p-client-header__name">{customer.name}</h2>
          <CustomerTagList tags={customer.tags} />
        </div>
        <div className="p-inline-actions">
          {canBook ? (
            <Button className="p-button p-button--primary" onPress={() => setBooking(true)}>
              Book again
            </Button>
          ) : null}
          <Link href={`/customers/${customer.id}/edit`} className="p-button">
            {canEdit ? 'Edit details' : 'Details'}
          </Link>
        </div>
      </header>

      {erased ? (
        <p className="p-alert" role="status">
          This customer’s personal data was erased on{' '}
          {new Date(customer.erased_at ?? '').toLocaleDateString()}. Their visits stay, anonymised.
        </p>
      ) : null}

      <section className="p-client-card" aria-labelledby="client-contact">
        <h2 id="client-contact" className="p-form-section__title">
          Contact
        </h2>
        <dl className="p-client-contact">
          <div>
            <dt>Phone</dt>
            <dd>
              <ContactLink
                text={customer.phone}
                href={customer.phone ? telHref(customer.phone) : null}
                label={`Call ${customer.phone}`}
                missing="No phone number"
              />
            </dd>
          </div>
          <div>
            <dt>E-mail</dt>
            <dd>
              <ContactLink
                text={customer.email}
                href={customer.email ? mailtoHref(customer.email) : null}
                missing="No e-mail address"
              />
            </dd>
          </div>
          <div>
            <dt>Time zone</dt>
            <dd>{customer.time_zone ?? `The business’s (${timeZone})`}</dd>
          </div>
        </dl>
        {erased ? null : (
          <CustomerConsent
            customerId={customer.id}
            initial={customer.marketing_consent}
            canChange={canEdit}
          />
        )}
        <div className="p-client-about">
          <h3 className="p-client-about__title">About</h3>
          {customer.notes.trim() ? (
            <p className="p-client-about__text">{customer.notes}</p>
          ) : (
            <p className="p-muted">
              Nothing yet.{' '}
              {canEdit ? (
                <Link href={`/customers/${customer.id}/edit`}>
                  Add what the team should always know
                </Link>
              ) : null}
            </p>
          )}
        </div>
      </section>

      <CustomerFigures figures={overview.figures} timeZone={timeZone} />

      <section className="p-form-section" aria-labelledby="client-upcoming">
        <h2 id="client-upcoming" className="p-form-section__title">
          Upcoming visits
        </h2>
        {overview.upcoming.length === 0 ? (
          <EmptyState
            title="Nothing booked"
            action={
              canBook ? (
                <Button className="p-button p-button--primary" onPress={() => setBooking(true)}>
                  Book again
                </Button>
              ) : undefined
            }
          >
            Book their next visit now, while they are here or on the phone.
          </EmptyState>
        ) : (
          <>
            <VisitsTable items={overview.upcoming} caption="Upcoming visits, soonest first" />
            {overview.upcoming_total > overview.upcoming.length ? (
              <p className="p-muted">
                The next {overview.upcoming.length} of {overview.upcoming_total}; the calendar shows
                the rest.
              </p>
            ) : null}
          </>
        )}
      </section>

      <CustomerAppointmentHistory customerId={customer.id} when="past" title="Past visits" />

      <CustomerNotes customerId={customer.id} readOnly={erased} />

      <AppointmentFormDialog
        isOpen={booking}
        initial={{
          customerId: customer.id,
          serviceId: overview.book_again?.service_id ?? null,
          teamMemberId: overview.book_again?.team_member_id ?? null,
        }}
        onClose={() => setBooking(false)}
        onBooked={onBooked}
      />
    </div>
  )
}

/** A tap to call or write; what was typed stays readable when it makes no link. */
function ContactLink({
  text,
  href,
  label,
  missing,
}: {
  text: string | null
  href: string | null
  label?: string
  missing: string
}) {
  if (!text) return <span className="p-muted">{missing}</span>
  if (!href) return <>{text}</>
  return (
    <a href={href} aria-label={label}>
      {text}
    </a>
  )
}
