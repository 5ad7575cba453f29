import { useLocation } from 'wouter'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { FormSkeleton } from '../../components/form/list-skeleton'
import { useEntityForm } from '../../components/form/use-entity-form'
import type { Profile } from '../../machines/auth.machine'
import { createEntityFormMachine } from '../../machines/entity-form.machine'
import { createTeamMember } from './api'
import {
  addBookableDecision,
  BookableLimitNote,
  planLimitProblem,
  usePlanUsage,
} from './plan-limit'
import { TeamReadOnlyNotice, teamFormAccess } from './team-access'
import { TeamMemberForm } from './team-member-form'
import {
  newTeamMemberValues,
  type TeamMember,
  type TeamMemberValues,
  teamMemberInput,
  validateTeamMember,
} from './team-member-values'

const teamMemberCreateForm = createEntityFormMachine<TeamMemberValues, TeamMember>()

/** /team/create: a new team member (an invitation when it has an e-mail). */
export function TeamMemberCreateScreen() {
  const profile = useProfile()
  if (!profile) return <FormSkeleton label="Loading your business…" />
  if (!teamFormAccess(profile).canWriteTeam) {
    return (
      <TeamReadOnlyNotice>
        Your role lets you see the team but not add to it. Ask an owner or admin of your business.
      </TeamReadOnlyNotice>
    )
  }
  return <TeamMemberCreateForm profile={profile} />
}

function TeamMemberCreateForm({ profile }: { profile: Profile }) {
  const [, navigate] = useLocation()
  const toast = useToast()
  const usage = usePlanUsage()
  const bookable = addBookableDecision(usage)
  const form = useEntityForm<TeamMemberValues, TeamMember>({
    machine: teamMemberCreateForm,
    initialValues: newTeamMemberValues(profile.tenant.time_zone),
    validate: validateTeamMember,
    save: ({ values }) => createTeamMember(teamMemberInput(values)),
    onSaved: (member) => {
      toast.success(
        member.email
          ? `${member.name} was added. They get access when they sign in with ${member.email}.`
          : `${member.name} was added to your team.`,
        'Team member added',
      )
      // Their page has what only exists once they do: time off.
      navigate(`/team/${member.id}/edit`)
    },
  })
  return (
    <TeamMemberForm
      form={form}
      access={teamFormAccess(profile)}
      saveLabel="Add team member"
      isOwnerRecord={false}
      bookableNote={
        bookable.allowed ? null : <BookableLimitNote message={bookable.message} profile={profile} />
      }
      saveProblem={planLimitProblem(form.failure, profile)}
    />
  )
}
