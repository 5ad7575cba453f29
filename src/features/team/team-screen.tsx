import { useState } from 'react'
import { useSearch } from 'wouter'
import { can } from '../../../shared/permissions'
import { useProfile } from '../../app/auth-context'
import { EmptyState } from '../../components/form/empty-state'
import { ListSearchField } from '../../components/form/search-field'
import { FormSelectField } from '../../components/form/select-field'
import { useEntityList } from '../../components/form/use-entity-list'
import { ListScreenBody } from '../../components/list-screen-body'
import { createEntityListMachine } from '../../machines/entity-list.machine'
import { loadTeamMemberPage, type TeamListFilters } from './api'
import { TeamPlanUsage, usePlanUsage } from './plan-limit'
import { canOpenTeamMember } from './team-access'
import type { TeamMember } from './team-member-values'
import { TeamTable } from './team-table'

const teamList = createEntityListMachine<TeamMember, TeamListFilters>()

type BookableFilter = 'all' | 'bookable' | 'not-bookable'
const BOOKABLE_OPTIONS = [
  { id: 'all', label: 'Everyone' },
  { id: 'bookable', label: 'Bookable' },
  { id: 'not-bookable', label: 'Not bookable' },
] as const

function bookableOf(bookable: boolean | undefined): BookableFilter {
  if (bookable === undefined) return 'all'
  return bookable ? 'bookable' : 'not-bookable'
}

/**
 * /team: everyone in the business, with permission, bookability and who has access since when;
 * owners and admins remove and restore access and withdraw invitations here.
 */
export function TeamScreen() {
  const profile = useProfile()
  const canWrite = profile !== null && can(profile.permission, 'team.write')
  const list = useEntityList<TeamMember, TeamListFilters>({
    machine: teamList,
    sort: 'name',
    loadPage: loadTeamMemberPage,
  })
  const { query } = list
  const usage = usePlanUsage()
  // Google's consent came back without a valid sign-in state (`?google=expired`): the member
  // is not known then, so the team is where it lands.
  const search = useSearch()
  const [googleExpired] = useState(() => new URLSearchParams(search).get('google') === 'expired')

  return (
    <div className="p-stack">
      {googleExpired ? (
        <p className="p-notice p-notice--warn" role="status">
          Google Calendar was not connected: the sign-in took too long or did not start here. Open
          the team member’s Calendars and connect again.
        </p>
      ) : null}
      {profile && !canWrite ? (
        <p className="p-muted">
          You can see the team and change your own profile, working hours and time off.
        </p>
      ) : null}
      {profile && canWrite ? <TeamPlanUsage usage={usage} profile={profile} /> : null}
      <div className="p-list-toolbar">
        <ListSearchField
          label="Search the team"
          placeholder="Name or e-mail"
          value={query.search}
          onChange={list.search}
        />
        <FormSelectField
          label="Show"
          name="bookable"
          value={bookableOf(query.filters.bookable)}
          options={BOOKABLE_OPTIONS}
          onChange={(choice) =>
            list.filter({ bookable: choice === 'all' ? undefined : choice === 'bookable' })
          }
        />
      </div>

      <ListScreenBody
        list={list}
        errorTitle="The team could not be loaded"
        skeleton={{ columns: 4, label: 'Loading the team…' }}
        isWaiting={!profile}
        noMatch={
          <EmptyState title="Nobody matches">
            <p>Try another name or e-mail, or show everyone.</p>
          </EmptyState>
        }
        nothingYet={
          <EmptyState
            title="No team members yet"
            actionLabel={canWrite ? 'Add your first team member' : undefined}
            actionHref={canWrite ? '/team/create' : undefined}
          >
            <p>Team members are the people customers book: add them with their working hours.</p>
          </EmptyState>
        }
        noun="team members"
      >
        {profile ? (
          <TeamTable
            members={list.items}
            canOpen={(member) => canOpenTeamMember(member, profile)}
            profile={profile}
            onAccessChanged={list.reload}
            stale={list.isRefreshing}
          />
        ) : null}
      </ListScreenBody>
    </div>
  )
}
