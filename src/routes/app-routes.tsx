import { type ComponentType, type ReactNode, useEffect } from 'react'
import { matchRoute, Redirect, Route, useLocation, useRouter, useSearch } from 'wouter'
import type { MessageKey } from '../../shared/i18n/en'
import { decidePageLanguage, useTranslation } from '../app/i18n'
import { BookingLayout } from '../components/booking-layout'
import { EmbedLayout } from '../components/embed-layout'
import { LoadingIndicator } from '../components/loading-indicator'
import { formatBookingTitle, usePageTitle } from '../components/use-page-title'
import { useServedPage } from '../features/booking/served-page'
import { usePageBusiness } from '../features/booking/use-page-business'
import { isBookingPath } from './booking-path'
import { ScreenOutlet } from './lazy-screen'
import { NOT_FOUND_ROUTE, ROUTES } from './route-table'
import { type AppRoute, isRedirect, type ScreenRoute } from './route-types'

/**
 * The parts of routing that need the auth context. They are handed in by main.tsx, which imports
 * them with `import()` only outside the booking area, so this module never reaches Firebase.
 */
export interface AuthAreas {
  Provider: ComponentType<{ children: ReactNode }>
  /** Sign-in and sign-up: sends an already signed-in user on to where they were going. */
  GuestArea: ComponentType<{ children: ReactNode }>
  /** Signed-in screens: the route guard and the main layout around them. */
  StaffArea: ComponentType<{ route: ScreenRoute; children: ReactNode }>
}

function useMatchedRoute(): AppRoute | null {
  const [location] = useLocation()
  const { parser } = useRouter()
  return ROUTES.find((route) => matchRoute(parser, route.path, location)[0]) ?? null
}

/**
 * Renders the route table: picks the route, then the frame its area needs around the screen.
 * `embedded`: the app runs under /embed (main.tsx gives wouter that base), where only the
 * booking area exists, in the frame-sized layout.
 */
export function AppRoutes({
  authAreas,
  embedded = false,
}: {
  authAreas: AuthAreas | null
  embedded?: boolean
}) {
  const [location] = useLocation()
  const route = useMatchedRoute()

  if (embedded) {
    if (route === null || isRedirect(route) || route.area !== 'booking') {
      return (
        <EmbedFrame>
          <BookingNotFoundScreen />
        </EmbedFrame>
      )
    }
    return (
      <EmbedFrame titleKey={route.titleKey}>
        <RouteScreen route={route} />
      </EmbedFrame>
    )
  }

  if (route === null) {
    if (isBookingPath(location)) {
      return (
        <BookingFrame>
          <BookingNotFoundScreen />
        </BookingFrame>
      )
    }
    return <RouteScreen route={NOT_FOUND_ROUTE} />
  }

  if (isRedirect(route)) return <Redirect to={route.redirectTo} replace />

  switch (route.area) {
    case 'public':
      return <RouteScreen route={route} />
    case 'booking':
      return (
        <BookingFrame titleKey={route.titleKey}>
          <RouteScreen route={route} titled={false} />
        </BookingFrame>
      )
    case 'guest':
      if (!authAreas) return <ReloadWithAuth />
      return (
        <authAreas.GuestArea>
          <RouteScreen route={route} />
        </authAreas.GuestArea>
      )
    case 'staff':
      if (!authAreas) return <ReloadWithAuth />
      return (
        <authAreas.StaffArea route={route}>
          <RouteScreen route={route} />
        </authAreas.StaffArea>
      )
  }
}

/** A booking page's title in the page's language (none: the screen sets its own). */
function useBookingTitle(titleKey: MessageKey | undefined): string | undefined {
  const { t } = useTranslation()
  return titleKey === undefined ? undefined : t(titleKey)
}

/**
 * What a booking or embed frame shows: the page's business and its title in the page's
 * language. On the server the title goes into the HTML's <title> (the layouts set it in an
 * effect, which the server never runs).
 */
function useFramedPage(titleKey: MessageKey | undefined) {
  const business = usePageBusiness()
  const title = useBookingTitle(titleKey)
  const served = useServedPage()
  if (served && title) served.onTitle(formatBookingTitle(title, business))
  return { business, title }
}

/** The booking layout in the colours, logo and name of the business the page is for. */
function BookingFrame({
  titleKey,
  children,
}: {
  titleKey?: MessageKey | undefined
  children: ReactNode
}) {
  const { business, title } = useFramedPage(titleKey)
  return (
    <BookingLayout {...(title === undefined ? {} : { title })} business={business}>
      {children}
    </BookingLayout>
  )
}

/** The embed layout, in the language the business's settings and the visitor choose. */
function EmbedFrame({
  titleKey,
  children,
}: {
  titleKey?: MessageKey | undefined
  children: ReactNode
}) {
  const { business, title } = useFramedPage(titleKey)
  useEffect(() => {
    if (business) void decidePageLanguage(business)
  }, [business])
  return <EmbedLayout {...(title === undefined ? {} : { title })}>{children}</EmbedLayout>
}

/** The not-found screen in a booking frame, its title in the page's language. */
function BookingNotFoundScreen() {
  return <RouteScreen route={NOT_FOUND_ROUTE} title={useBookingTitle(NOT_FOUND_ROUTE.titleKey)} />
}

/**
 * `titled={false}`: the layout sets the document title (a booking page adds the business).
 * `title`: instead of the route's (a booking page's in its language).
 */
function RouteScreen({
  route,
  titled = true,
  title = route.title,
}: {
  route: ScreenRoute
  titled?: boolean
  title?: string | undefined
}) {
  usePageTitle(titled ? title : null)
  // Keyed by pattern: a failed chunk on one page must not leave its error on the next page.
  const outlet = <ScreenOutlet key={route.path} screen={route.screen} />
  if (route === NOT_FOUND_ROUTE) return outlet
  // <Route> gives the screen its path parameters through wouter's useParams().
  return <Route path={route.path}>{outlet}</Route>
}

/**
 * The app started in the booking area without authentication. Leaving it for a page that needs
 * the auth context loads that page afresh, so start-up can initialise authentication.
 */
function ReloadWithAuth() {
  const [location] = useLocation()
  const search = useSearch()
  useEffect(() => {
    window.location.assign(search ? `${location}?${search}` : location)
  }, [location, search])
  return <LoadingIndicator fullPage />
}
