import { useLocation, useParams } from 'wouter'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { LoadFailedCard } from '../../components/form/load-failed-card'
import { useRecordEditForm } from '../../components/form/use-record-edit-form'
import type { Profile } from '../../machines/auth.machine'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { loadTeamMember, updateTeamMember } from './api'
import {
  addBookableDecision,
  BookableLimitNote,
  planLimitProblem,
  usePlanUsage,
} from './plan-limit'
import { isOwnRecord, TeamReadOnlyNotice, teamFormAccess } from './team-access'
import { TeamMemberAccessSection } from './team-member-access'
import { TeamMemberCalendarFeed } from './team-member-calendar-feed'
import { TeamMemberDeleteSection } from './team-member-delete'
import { TeamMemberForm } from './team-member-form'
import { TeamMemberTabs } from './team-member-tabs'
import { TeamMemberTimeOff } from './team-member-time-off'
import {
  newTeamMemberValues,
  type TeamMember,
  type TeamMemberValues,
  teamMemberPatch,
  teamMemberToValues,
  validateTeamMember,
} from './team-member-values'

const teamMemberEditForm = createEntityFormMachine<TeamMemberValues, TeamMember>()

/**
 * /team/:id/edit: owners and admins change anyone (only owners touch ownership); staff open
 * only their own record, for their name, bio, time zone, working hours and time off.
 */
export function TeamMemberEditScreen() {
  const { id = '' } = useParams<{ id: string }>()
  const profile = useProfile()
  if (!profile) return <FormSkeleton label="Loading your business…" />
  return <TeamMemberEditForm key={id} id={id} profile={profile} />
}

function TeamMemberEditForm({ id, profile }: { id: string; profile: Profile }) {
  const [, navigate] = useLocation()
  const toast = useToast()
  const access = teamFormAccess(profile)
  const usage = usePlanUsage()
  const { form, record, setRecord } = useRecordEditForm({
    machine: teamMemberEditForm,
    id,
    initialValues: newTeamMemberValues(profile.tenant.time_zone),
    validate: validateTeamMember,
    load: loadTeamMember,
    toValues: teamMemberToValues,
    patch: teamMemberPatch,
    update: updateTeamMember,
    onSaved: (member) => {
      toast.success(`Your changes to ${member.name} are saved.`, 'Team member saved')
      navigate('/team')
    },
  })

  if (form.loadFailed) {
    return (
      <LoadFailedCard
        message={form.formError}
        onRetry={form.retryLoad}
        backHref="/team"
        backLabel="Back to the team"
      />
    )
  }
  if (form.isLoading || !record) return <FormSkeleton label="Loading the team member…" />

  const own = isOwnRecord(record, profile)
  if (!access.canWriteTeam && !own) {
    return (
      <TeamReadOnlyNotice>
        You can change only your own profile. Ask an owner or admin to change someone else’s.
      </TeamReadOnlyNotice>
    )
  }
  const isOwnerRecord = record.permission === 'owner'
  const canDelete = access.canWriteTeam && (!isOwnerRecord || access.canManageOwnership)
  // Someone already bookable is counted; only making someone bookable needs room on the plan.
  const bookable = record.bookable ? { allowed: true as const } : addBookableDecision(usage)

  return (
    <div className="p-form-page">
      <TeamMemberTabs teamMemberId={record.id} name={record.name} current="profile" />
      <TeamMemberForm
        form={form}
        access={access}
        saveLabel="Save changes"
        isOwnerRecord={isOwnerRecord}
        bookableNote={
          bookable.allowed || !access.canWriteTeam ? null : (
            <BookableLimitNote message={bookable.message} profile={profile} />
          )
        }
        saveProblem={planLimitProblem(form.failure, profile)}
      />
      <TeamMemberTimeOff
        teamMemberId={record.id}
        name={record.name}
        timeZone={record.time_zone}
        initial={record.time_off}
        canEdit
      />
      <TeamMemberCalendarFeed teamMemberId={record.id} name={record.name} isOwn={own} />
      {access.canWriteTeam ? (
        <TeamMemberAccessSection member={record} profile={profile} onChanged={setRecord} />
      ) : null}
      {canDelete ? <TeamMemberDeleteSection member={record} /> : null}
    </div>
  )
}
