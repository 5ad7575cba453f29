import { renderToString } from 'react-dom/server'
import { EMBED_PREFIX, isEmbedPath, parseWizardRoute } from '../shared/booking-links'
import type {
  BookingPageRenderer,
  BookingPageRenderInput,
  RenderedBookingPage,
} from '../shared/booking-page-render'
import { loadLanguage, renderInLanguage } from './app/i18n'
import { AppRoot } from './app-root'
import { recordFormattedMoney } from './components/form/money'
import { isCatalogue } from './features/booking/inline-catalogue'
import { ServedPageProvider } from './features/booking/served-page'
import { serverWizard } from './features/booking/wizard-actor'

/*
 * The booking pages' server renderer: the wizard's first steps (services, a service's team,
 * a team member's services) and the time step's frame rendered to HTML with the very tree the
 * browser then hydrates (main.tsx), so a visitor on a phone sees the business's page before
 * any script has run. The time step's month is not rendered here: its days and times depend on
 * the visitor's clock and time zone, which only the browser knows (its placeholder is sent).
 */

const RENDERED_STEPS = new Set(['start', 'serviceTeam', 'teamServices', 'calendar'])
const RENDERED_STATES = ['start', 'chooseTeamMember', 'chooseService', 'linkNotFound'] as const

// React marks a boundary it could not finish (a lazy screen still loading, or one that
// failed) for the browser to render: the page is complete once no such mark is left.
const UNFINISHED_BOUNDARY = '<!--$!-->'
const MAX_PASSES = 4

// The booking screens' chunks, loaded from disk once: the route table's lazy screens then find
// their modules ready and settle within a pass instead of after the file read.
const wizardScreenLoaded = Promise.all([
  import('./features/booking/booking-start-screen'),
  import('./features/booking/booking-wizard-screen'),
]).then(() => undefined)

export const renderBookingPage: BookingPageRenderer['renderBookingPage'] = async (
  input: BookingPageRenderInput,
): Promise<RenderedBookingPage | null> => {
  const { catalogue, language } = input
  if (!isCatalogue(catalogue)) return null
  const url = new URL(input.url, 'http://page.invalid')
  const embedded = isEmbedPath(url.pathname)
  const path = embedded ? url.pathname.slice(EMBED_PREFIX.length) : url.pathname
  const route = parseWizardRoute(path, url.search)
  if (route === null || !RENDERED_STEPS.has(route.step)) return null

  await Promise.all([loadLanguage(language), wizardScreenLoaded])
  const wizard = serverWizard(route, catalogue, catalogue.business.time_zone)
  try {
    // An address the wizard corrects (an unknown service, say) or leads on from (a service's
    // team step where nobody is to be chosen goes on to the times) is left to the browser,
    // which changes the address before its first render.
    const routed = wizard.getSnapshot()
    // The time step only where the link asked for it (a service's team step may lead on to it).
    const rendered =
      RENDERED_STATES.some((state) => routed.matches(state)) ||
      (route.step === 'calendar' && routed.matches('calendar'))
    if (routed.context.notice || !rendered) return null
    let title = ''
    const onTitle = (pageTitle: string) => {
      title = pageTitle
    }
    const page = (
      <ServedPageProvider page={{ catalogue, wizard, onTitle }}>
        <AppRoot
          authAreas={null}
          embedded={embedded}
          ssrPath={url.pathname}
          ssrSearch={url.search.replace(/^\?/, '')}
        />
      </ServedPageProvider>
    )
    // renderToString is synchronous: the page's language, module state in i18n.ts, cannot be
    // changed by another request's render in between. Each pass lets the lazy screens it
    // started load; the next pass renders them.
    for (let pass = 0; pass < MAX_PASSES; pass++) {
      renderInLanguage(
        language,
        catalogue.business.follow_visitor_language,
        catalogue.business.locale,
      )
      const { result: html, formatted } = recordFormattedMoney(() => renderToString(page))
      if (!html.includes(UNFINISHED_BOUNDARY)) {
        return { html, title, formattedMoney: formatted }
      }
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
    return null
  } finally {
    wizard.stop()
  }
}
