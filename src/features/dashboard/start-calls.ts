/**
 * The dashboard's first calls, by the address each is sent to: a cold start asks for them at
 * once with the stored token (the route's `startCalls`), and `loadDashboard` takes those
 * answers by the same addresses (src/api/early-calls.ts). Not the set-up checklist: only
 * owners and admins may read it, and who is signing in is not known yet (anyone else would
 * ask for a 403).
 */
export const DASHBOARD_CALLS = {
  figures: '/api/v1/dashboard',
  /** One service is enough to know whether the business has any. */
  anyService: '/api/v1/services?limit=1',
} as const
