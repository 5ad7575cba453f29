import type { FastifyInstance, FastifyRequest } from 'fastify'
import { type Capability, can } from '../../shared/permissions.ts'
import type { Identity } from '../domain/identity.ts'
import type { Member } from '../domain/member.ts'
import { forbidden } from '../domain/refusal.ts'
import { requireIdentity } from './require-identity.ts'

declare module 'fastify' {
  interface FastifyRequest {
    /** The member the operation acts as, resolved by the access check before the handler. */
    member: Member | null
  }
}

/** A capability and what its absence refuses, finishing "You don't have permission to …". */
export type Need = readonly [capability: Capability, what: string]

/** An operation for members of a business: the capabilities it needs (none: any member). */
export interface MemberAccess {
  readonly needs: readonly Need[]
  /**
   * An appointment write: without 'appointments.write' a member writes only in their own
   * column ('appointments.writeOwn'), so they need a team-member record of their own.
   */
  readonly ownColumn?: true
}

/**
 * Who may call an operation with a bearer token: `identity` for the calls that stand on the
 * token alone (signing up, one's profile, a customer's own account), else a member's access.
 */
export type OperationAccess = 'identity' | MemberAccess

export interface MemberAccessOptions {
  /** The access of every operation with a bearer token, by operationId. */
  access: Readonly<Partial<Record<string, OperationAccess>>>
  /** The member a verified identity is in its business (creating the business on a first call). */
  resolve(identity: Identity): Promise<Member>
}

/**
 * The one check of who may call what: before the handler (after the contract's validation, as
 * the handlers' own checks ran before), the member is resolved and held to the operation's
 * capabilities, then handed to the handler as `request.member`.
 */
export function checkMemberAccess(app: FastifyInstance, options: MemberAccessOptions): void {
  const accessOf = new Map(Object.entries(options.access))
  app.decorateRequest('member', null)
  app.addHook('preHandler', async (request) => {
    const access = accessOf.get(operationIdOf(request))
    if (access === undefined || access === 'identity') return
    const member = await options.resolve(requireIdentity(request))
    refuseUnlessAllowed(member, access)
    request.member = member
  })
}

function refuseUnlessAllowed(member: Member, access: MemberAccess): void {
  for (const [capability, what] of access.needs) {
    if (!can(member.permission, capability)) {
      throw forbidden(`You don't have permission to ${what}.`)
    }
  }
  const [first] = access.needs
  if (access.ownColumn && first && !can(member.permission, 'appointments.write')) {
    if (!member.teamMemberId) {
      throw forbidden(`You don't have permission to ${first[1]}: you have no team-member record.`)
    }
  }
}

function operationIdOf(request: FastifyRequest): string {
  const schema = request.routeOptions.schema as { operationId?: unknown } | undefined
  return typeof schema?.operationId === 'string' ? schema.operationId : ''
}
