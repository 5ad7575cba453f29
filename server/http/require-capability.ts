import { type Capability, can } from '../../shared/permissions.ts'
import type { Member } from '../domain/member.ts'
import { HttpProblem } from './problem.ts'

/**
 * Refuses with 403 problem+json unless the member's permission grants the capability.
 * `what` finishes the sentence "You don't have permission to …".
 */
export function requireCapability(member: Member, capability: Capability, what: string): void {
  if (!can(member.permission, capability)) {
    throw new HttpProblem(403, `You don't have permission to ${what}.`)
  }
}
