import type { components } from '../../shared/contract/schema'
import { unwrap } from './api-error'
import { api } from './client'

// A business's whole list of services and of team members: the choices of the pickers in
// several features (a service's performers, a member's services, the team a time-zone move
// touches), read page by page at the API's largest page.

export type Service = components['schemas']['Service']
export type TeamMember = components['schemas']['TeamMember']

/** The API's largest page. */
const MAX_PAGE = 100

/** Every service, page by page: the choices of a "services performed" picker. */
export async function loadAllServices(): Promise<{ items: Service[]; total: number }> {
  const items: Service[] = []
  for (let offset = 0; ; offset += MAX_PAGE) {
    const page = unwrap(
      await api.GET('/api/v1/services', { params: { query: { limit: MAX_PAGE, offset } } }),
    )
    items.push(...page.items)
    if (page.items.length === 0 || items.length >= page.total) return { items, total: page.total }
  }
}

/** Every team member, page by page: the choices of a "who performs this" picker. */
export async function loadAllTeamMembers(): Promise<{ items: TeamMember[]; total: number }> {
  const items: TeamMember[] = []
  for (let offset = 0; ; offset += MAX_PAGE) {
    const page = unwrap(
      await api.GET('/api/v1/team-members', { params: { query: { limit: MAX_PAGE, offset } } }),
    )
    items.push(...page.items)
    if (page.items.length === 0 || items.length >= page.total) return { items, total: page.total }
  }
}
