import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components'
import { Link } from 'wouter'
import type { Profile } from '../../machines/auth.machine'
import { TeamMemberAccessActions, TeamMemberAccessStatus } from './team-member-access'
import { PERMISSION_LABELS, type TeamMember } from './team-member-values'

function PermissionBadge({ member }: { member: TeamMember }) {
  const tone = member.permission === 'owner' ? 'p-badge--info' : ''
  return <span className={`p-badge ${tone}`}>{PERMISSION_LABELS[member.permission]}</span>
}

/** Whether and since when they have access, with what the signed-in user may do about it. */
function AccessCell({
  member,
  profile,
  onAccessChanged,
}: {
  member: TeamMember
  profile: Profile
  onAccessChanged: (member: TeamMember) => void
}) {
  return (
    <span className="p-access-cell">
      <TeamMemberAccessStatus member={member} timeZone={profile.tenant.time_zone} />
      <TeamMemberAccessActions member={member} profile={profile} onChanged={onAccessChanged} />
    </span>
  )
}

function BookableText({ member }: { member: TeamMember }) {
  return member.bookable ? (
    <span className="p-badge p-badge--success">Bookable</span>
  ) : (
    <span className="p-badge">Not bookable</span>
  )
}

function MemberName({ member, linked }: { member: TeamMember; linked: boolean }) {
  const name = (
    <span className="p-table__primary">
      <span className="p-color-dot" style={{ background: member.color }} aria-hidden="true" />
      {member.name}
    </span>
  )
  return (
    <>
      {linked ? <Link href={`/team/${member.id}/edit`}>{name}</Link> : name}
      {member.email ? <span className="p-table__secondary">{member.email}</span> : null}
    </>
  )
}

/**
 * The team as a table, and as cards on phones; `canOpen` decides who gets an edit link, the
 * profile's permission which access actions show.
 */
export function TeamTable({
  members,
  canOpen,
  profile,
  onAccessChanged,
  stale,
}: {
  members: TeamMember[]
  canOpen: (member: TeamMember) => boolean
  profile: Profile
  onAccessChanged: (member: TeamMember) => void
  stale: boolean
}) {
  return (
    <div className={stale ? 'p-list--stale' : undefined} aria-busy={stale}>
      <div className="p-table-wrap p-table-wrap--responsive">
        <Table aria-label="Team members" className="p-table">
          <TableHeader>
            <Column id="name" isRowHeader>
              Name
            </Column>
            <Column id="permission">Permission</Column>
            <Column id="bookable">Bookable</Column>
            <Column id="invitation">Access</Column>
          </TableHeader>
          {/* react-aria caches rendered rows per item: what the rows read besides the item
              must invalidate that cache, or a row keeps the first render's links. */}
          <TableBody items={members} dependencies={[canOpen, profile, onAccessChanged]}>
            {(member) => (
              <Row id={member.id}>
                <Cell>
                  <MemberName member={member} linked={canOpen(member)} />
                </Cell>
                <Cell>
                  <PermissionBadge member={member} />
                </Cell>
                <Cell>
                  <BookableText member={member} />
                </Cell>
                <Cell>
                  <AccessCell member={member} profile={profile} onAccessChanged={onAccessChanged} />
                </Cell>
              </Row>
            )}
          </TableBody>
        </Table>
      </div>
      <ul className="p-card-list" aria-label="Team members">
        {members.map((member) => (
          <li key={member.id} className="p-list-card">
            <div className="p-list-card__head">
              <div>
                <MemberName member={member} linked={canOpen(member)} />
              </div>
              <PermissionBadge member={member} />
            </div>
            <div className="p-list-card__meta">
              <BookableText member={member} />
            </div>
            <AccessCell member={member} profile={profile} onAccessChanged={onAccessChanged} />
          </li>
        ))}
      </ul>
    </div>
  )
}
