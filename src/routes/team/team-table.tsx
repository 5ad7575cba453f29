import { Cell, Column, Row, Table, TableBody, TableHeader } from 'react-aria-components'
import { Link } from 'wouter'
import { PERMISSION_LABELS, type TeamMember } from './team-member-values'

const INVITATION_BADGES: Record<TeamMember['invitation'], { label: string; tone: string }> = {
  accepted: { label: 'Signed in', tone: 'p-badge--success' },
  pending: { label: 'Invitation pending', tone: 'p-badge--warn' },
  none: { label: 'No e-mail', tone: '' },
}

function PermissionBadge({ member }: { member: TeamMember }) {
  const tone = member.permission === 'owner' ? 'p-badge--info' : ''
  return <span className={`p-badge ${tone}`}>{PERMISSION_LABELS[member.permission]}</span>
}

function InvitationBadge({ member }: { member: TeamMember }) {
  const badge = INVITATION_BADGES[member.invitation]
  return <span className={`p-badge ${badge.tone}`}>{badge.label}</span>
}

function BookableText({ member }: { member: TeamMember }) {
  return member.bookable ? (
    <span className="p-badge p-badge--success">Bookable</span>
  ) : (
    <span className="p-badge">Not bookable</span>
  )
}

function MemberName({ member, linked }: { member: TeamMember; linked: boolean }) {
  return (
    <>
      {linked ? (
        <Link href={`/team/${member.id}/edit`}>
          <span className="p-table__primary">{member.name}</span>
        </Link>
      ) : (
        <span className="p-table__primary">{member.name}</span>
      )}
      {member.email ? <span className="p-table__secondary">{member.email}</span> : null}
    </>
  )
}

/** The team as a table, and as cards on phones; `canOpen` decides who gets an edit link. */
export function TeamTable({
  members,
  canOpen,
  stale,
}: {
  members: TeamMember[]
  canOpen: (member: TeamMember) => boolean
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
          <TableBody items={members}>
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
                  <InvitationBadge member={member} />
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
              <InvitationBadge member={member} />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}
