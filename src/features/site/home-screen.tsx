import { Link } from 'wouter'
import { PageHeading } from '../../components/page-heading'
import { PublicLayout } from './public-layout'

const FEATURES = [
  {
    title: 'Online booking, day and night',
    text: 'Customers pick a service, a team member and a free slot from your real calendar — no account needed.',
  },
  {
    title: 'One calendar for the whole team',
    text: 'See every appointment, working hour and break side by side, in your business’s time zone.',
  },
  {
    title: 'Fewer no-shows',
    text: 'Confirmations and links to reschedule or cancel keep your day full and your customers informed.',
  },
]

export function HomeScreen() {
  return (
    <PublicLayout>
      <section className="p-hero">
        <p className="p-eyebrow">Appointment booking for small businesses</p>
        <PageHeading className="p-hero__title">Appointments that run themselves</PageHeading>
        <p className="p-hero__lead">
          Slotwise gives salons, clinics, tutors and studios a booking page, a shared calendar and a
          tidy customer list — set up in minutes.
        </p>
        <div className="p-hero__actions">
          <Link href="/register" className="p-button p-button--primary p-button--large">
            Create your account
          </Link>
          <Link href="/login" className="p-button p-button--large">
            Sign in
          </Link>
        </div>
      </section>
      <section className="p-grid-3 p-features" aria-label="Features">
        {FEATURES.map((feature) => (
          <article key={feature.title} className="p-card p-feature">
            <h2 className="p-feature__title">{feature.title}</h2>
            <p className="p-muted">{feature.text}</p>
          </article>
        ))}
      </section>
    </PublicLayout>
  )
}
