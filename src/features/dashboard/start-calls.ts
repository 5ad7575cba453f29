/**
 * The dashboard's first calls, by the address each is sent to: a cold start asks for them at
 * once with the stored token (the route's `startCalls`), and `loadDashboard` and the set-up
 * checklist take those answers by the same addresses (src/api/early-calls.ts).
 */
export const DASHBOARD_CALLS = {
  figures: '/api/v1/dashboard',
  /** One service is enough to know whether the business has any. */
  anyService: '/api/v1/services?limit=1',
  checklist: '/api/v1/setup-checklist',
} as const
