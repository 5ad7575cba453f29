import { Link } from 'wouter'
import { PageHeading } from '../../components/page-heading'
import { PublicLayout } from './public-layout'

export function AboutScreen() {
  return (
    <PublicLayout>
      <article className="p-prose">
        <PageHeading>About Slotwise</PageHeading>
        <p>
          Slotwise Appointments is booking software for businesses that run on a calendar: hair and
          beauty salons, clinics and therapists, tutors, studios and workshops.
        </p>
        <p>
          Owners and staff sign in to manage appointments, services, customers, the team, settings
          and billing. Customers book without an account on the business’s public booking pages, and
          can reschedule or cancel from their confirmation.
        </p>
        <h2>Your data stays yours</h2>
        <p>
          Many businesses share one Slotwise deployment, and each one only ever sees its own
          customers and appointments.
        </p>
        <p>
          <Link href="/register">Create an account</Link> to set up your business, or{' '}
          <Link href="/login">sign in</Link> if you already have one.
        </p>
      </article>
    </PublicLayout>
  )
}
