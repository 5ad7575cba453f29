/*
 * A cold start of the staff app fetches, all at once, what used to arrive one after another:
 * the signed-in areas' code, the opened screen's code, Firebase (whose session restore then
 * starts before React has rendered anything) and, when the last visit ended signed in, the
 * profile every staff screen waits for and the screen's own first calls. Each is only started
 * here; its usual caller takes it over (the browser's module cache, `answeredEarly`).
 */
import { askEarly, PROFILE_PATH } from '../api/early-calls'
import { readIsAuthenticated } from '../app/storage'
import { ROUTES } from './route-table'
import { isRedirect, type ScreenRoute } from './route-types'

/** Whether a route pattern such as `/customers/:id` matches a path, as the router decides. */
function patternMatches(pattern: string, pathname: string): boolean {
  const wanted = pattern.split('/')
  // A trailing slash is the same page; the root keeps its one.
  const given = (pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname).split('/')
  return (
    wanted.length === given.length &&
    wanted.every((part, index) => part.startsWith(':') || part === given[index])
  )
}

/** The screen the router will show at `pathname`, redirects followed; none for an unknown path. */
export function screenRouteAt(pathname: string): ScreenRoute | undefined {
  const route = ROUTES.find((candidate) => patternMatches(candidate.path, pathname))
  return route && isRedirect(route) ? screenRouteAt(route.redirectTo) : route
}

/**
 * Starts what the staff app's first screen at `pathname` will need, beside the signed-in
 * areas' chunk app-start.tsx asks for.
 */
export function preloadStaffStart(pathname: string): void {
  const route = screenRouteAt(pathname)
  // The calls first: the screen waits for their answers longest, and each chunk asked for
  // before them costs the main thread a little (under a slow CPU, the last chunk of thirty
  // left half a second after the first).
  if (readIsAuthenticated()) askStartCalls(route?.startCalls ?? [])
  route?.screen.preload()
  route?.startChunks?.()
  void import(/* webpackChunkName: "firebase" */ '../app/firebase')
    .then((firebase) => firebase.getFirebaseAuth())
    .catch(() => {})
}

function askStartCalls(calls: NonNullable<ScreenRoute['startCalls']>): void {
  if (typeof calls !== 'function') {
    askEarly([PROFILE_PATH, ...calls])
    return
  }
  askEarly([PROFILE_PATH])
  calls().then(askEarly, () => {})
}
