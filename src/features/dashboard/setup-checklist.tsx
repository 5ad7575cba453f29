import { dismissSetupChecklist, type SetupChecklist, type SetupStep } from './api'
import './setup-checklist.css'
import { useActorRef, useSelector } from '@xstate/react'
import { type ReactNode, useState } from 'react'
import { Button } from 'react-aria-components'
import { Link } from 'wouter'
import { useToast } from '../../app/toast-context'
import { BookingAddress, bookingPageUrl } from '../../components/booking-address'
import type { Profile } from '../../machines/auth.machine'
import { checklistLogic } from './effects'

type Unbookable = SetupChecklist['unbookable_services']

/**
 * The dashboard's guided set-up for owners and admins: each step done by the business's own
 * data (the server reads it), until it is complete and hidden. Once hidden, or for staff, the
 * booking page's address stays on the dashboard.
 */
export function SetupChecklistCard({ profile }: { profile: Profile }) {
  const toast = useToast()
  const actor = useActorRef(checklistLogic)
  const checklist = useSelector(actor, (s) => s.context.data)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const failure = useSelector(actor, (s) => s.context.failure)
  const [hidden, setHidden] = useState(false)
  const [hiding, setHiding] = useState(false)

  const hide = async () => {
    setHiding(true)
    try {
      await dismissSetupChecklist()
      setHidden(true)
    } catch {
      toast.error('The checklist could not be hidden. Try again in a moment.')
    } finally {
      setHiding(false)
    }
  }

  if (loading) {
    return (
      <section className="p-card p-setup" aria-busy="true" aria-label="Set-up checklist">
        <p className="p-muted" role="status">
          Loading your set-up checklist…
        </p>
      </section>
    )
  }
  if (failure || !checklist || hidden || checklist.dismissed) {
    return <BookingPageBar slug={profile.tenant.slug} />
  }

  const required = checklist.steps.filter((step) => !step.optional)
  const done = required.filter((step) => step.done).length
  return (
    <section className="p-card p-setup" aria-labelledby="setup-title">
      <div className="p-setup__head">
        <div>
          <h2 id="setup-title" className="p-section-title">
            {checklist.complete ? 'Your booking page is ready' : 'Set up your booking page'}
          </h2>
          <p className="p-muted" id="setup-progress">
            {done} of {required.length} steps done
            {checklist.complete ? ': customers are booking you online.' : '.'}
          </p>
        </div>
        <Button className="p-button p-button--small" isPending={hiding} onPress={() => void hide()}>
          {checklist.complete ? 'Hide checklist' : 'Hide for now'}
        </Button>
      </div>
      <progress
        className="p-setup__progress"
        max={required.length}
        value={done}
        aria-labelledby="setup-progress"
      />
      <ol className="p-setup__steps">
        {checklist.steps.map((step) => (
          <StepItem key={step.id} step={step}>
            <StepBody step={step} profile={profile} unbookable={checklist.unbookable_services} />
          </StepItem>
        ))}
      </ol>
    </section>
  )
}

const TITLES: Record<SetupStep['id'], string> = {
  hours: 'Check your working hours',
  first_service: 'Add your first service',
  booking_link: 'Share your booking link',
  payments: 'Take payments at booking',
  team: 'Invite your team',
}

function StepItem({ step, children }: { step: SetupStep; children: ReactNode }) {
  return (
    <li className={step.done ? 'p-setup__step p-setup__step--done' : 'p-setup__step'}>
      <span className="p-setup__mark" aria-hidden="true">
        {step.done ? '✓' : ''}
      </span>
      <div className="p-setup__body">
        <h3 className="p-setup__title">
          {TITLES[step.id]}
          {step.optional ? <span className="p-muted"> (optional)</span> : null}
          <span className="p-visually-hidden">{step.done ? ' (done)' : ' (to do)'}</span>
        </h3>
        {children}
      </div>
    </li>
  )
}

function StepBody({
  step,
  profile,
  unbookable,
}: {
  step: SetupStep
  profile: Profile
  unbookable: Unbookable
}) {
  const zone = profile.tenant.time_zone
  switch (step.id) {
    case 'hours':
      return (
        <p>
          Customers book within your working hours, read in {zone}.{' '}
          <Link href={profile.team_member_id ? `/team/${profile.team_member_id}/edit` : '/team'}>
            {step.done ? 'Review your hours' : 'Set your hours'}
          </Link>
        </p>
      )
    case 'first_service':
      return (
        <>
          <p>
            {step.done
              ? 'Customers can book your services online.'
              : 'What customers book: a haircut, a consultation, a lesson. Choose who performs it.'}{' '}
            <Link href="/services/create">{step.done ? 'Add another' : 'Add a service'}</Link>
          </p>
          <UnbookableServices services={unbookable} />
        </>
      )
    case 'booking_link':
      return (
        <>
          <p>
            {step.done
              ? 'Your first online booking has arrived.'
              : 'Put it on your website, social profiles and e-mails, or print the QR code. This step is done when the first customer books through it.'}
          </p>
          <BookingAddress slug={profile.tenant.slug} />
          <p>
            <a href={bookingPageUrl(profile.tenant.slug)} target="_blank" rel="noreferrer">
              Preview your booking page
            </a>{' '}
            <span className="p-muted">(opens in a new tab)</span>
          </p>
          {unbookable.length > 0 ? (
            <p className="p-muted">
              Not on your booking page: {unbookable.map((service) => service.name).join(', ')}.
            </p>
          ) : null}
        </>
      )
    case 'payments':
      return (
        <p>
          Ask for a deposit or full payment when customers book.{' '}
          <Link href="/settings/payments">{step.done ? 'Payment settings' : 'Connect Stripe'}</Link>
        </p>
      )
    case 'team':
      return (
        <p>
          {step.done
            ? 'Your team is here.'
            : 'Add the people customers can book, and who can help run your calendar.'}{' '}
          <Link href="/team/create">{step.done ? 'Add someone else' : 'Add a team member'}</Link>
        </p>
      )
  }
}

/** Services saved with nobody bookable performing them: said where the owner looks, with the fix. */
export function UnbookableServices({ services }: { services: Unbookable }) {
  if (services.length === 0) return null
  return (
    <div className="p-setup__warning" role="note">
      <strong>
        Not bookable online — nobody performs {services.length === 1 ? 'it' : 'them'}:
      </strong>
      <ul>
        {services.map((service) => (
          <li key={service.id}>
            <Link href={`/services/${service.id}/edit`}>
              {service.name}: choose who performs it
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}

/** The booking page's address, copyable, where the checklist was. */
export function BookingPageBar({ slug }: { slug: string }) {
  return (
    <section className="p-card p-setup p-setup--bar" aria-labelledby="booking-bar-title">
      <h2 id="booking-bar-title" className="p-section-title">
        Your booking page
      </h2>
      <BookingAddress slug={slug} compact />
    </section>
  )
}
