import './team-member-tabs.css'
import { Link } from 'wouter'

/**
 * The two pages of a team member: their profile (with hours, time off, the calendar feed and
 * access) and their connected calendars. A nav of links, the current one marked for screen
 * readers (aria-current) and by look.
 */
export function TeamMemberTabs({
  teamMemberId,
  name,
  current,
}: {
  teamMemberId: string
  name: string
  current: 'profile' | 'calendars'
}) {
  const tab = (page: typeof current, href: string, label: string) => (
    <Link
      href={href}
      className={
        page === current ? 'p-member-tabs__tab p-member-tabs__tab--current' : 'p-member-tabs__tab'
      }
      aria-current={page === current ? 'page' : undefined}
    >
      {label}
    </Link>
  )
  return (
    <nav className="p-member-tabs" aria-label={`${name}: pages`}>
      {tab('profile', `/team/${teamMemberId}/edit`, 'Profile')}
      {tab('calendars', `/team/${teamMemberId}/calendars`, 'Calendars')}
    </nav>
  )
}
