import type { MessageKey } from '../../shared/i18n/en'
import type { HeaderAction } from '../components/header-action'
import type { LazyScreen } from './lazy-screen'

/**
 * Where a route lives: `public` pages need no session, `guest` pages (sign-in, sign-up) are only
 * for signed-out users, `staff` pages need a session and sit in the main layout, and `booking`
 * pages are the public booking area, which never starts Firebase.
 */
export type RouteArea = 'public' | 'guest' | 'staff' | 'booking'

export interface ScreenRoute {
  path: string
  area: RouteArea
  /** Page title (document title and, in the main and booking layouts, the h1); none = product name. */
  title?: string
  /**
   * A booking page's title as a catalogue key: its layout says it in the page's language
   * (`title` is the English, from the same key).
   */
  titleKey?: MessageKey
  screen: LazyScreen
  headerAction?: HeaderAction
  /**
   * The calls the screen makes first, by address: a signed-in cold start asks for them beside
   * the profile (start-preload.ts), and the screen's calls take those answers by the same
   * addresses (`answeredEarly`). Addresses that depend on the page's address and what the
   * last session stored come from a function (in a chunk of its own, off the first load).
   */
  startCalls?: readonly string[] | (() => Promise<readonly string[]>)
  /** Code the screen wants at once beside its own chunk, fetched at a cold start with it. */
  startChunks?: () => void
}

export interface RedirectRoute {
  path: string
  redirectTo: string
}

export type AppRoute = ScreenRoute | RedirectRoute

export function isRedirect(route: AppRoute): route is RedirectRoute {
  return 'redirectTo' in route
}
