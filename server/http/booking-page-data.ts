import type { FastifyRequest } from 'fastify'
import { EMBED_PREFIX, isEmbedPath, parseWizardRoute } from '../../shared/booking-links.ts'
import { negotiateLanguage } from '../../shared/i18n/language-choice.ts'
import { acceptedLanguages } from './accept-language.ts'
import { HttpProblem } from './problem.ts'
import { injectRenderedPage, type RenderBookingPage } from './server-rendered-page.ts'

export const BOOKING_CATALOGUE_ELEMENT_ID = 'slotwise-booking-catalogue'

/** What the booking wizard starts from (the shape of src/machines/booking.machine.ts's Catalogue). */
export interface InlineCatalogue {
  business: { default_language: string; follow_visitor_language: boolean }
  services: unknown[]
  teamMembers: unknown[]
}

/**
 * Loads the catalogue of the business a page request is for, or null when the request names
 * no business that exists (the resolver's 400/404).
 */
export type LoadInlineCatalogue = (request: FastifyRequest) => Promise<InlineCatalogue | null>

/**
 * The loader the composition root wires from the public API's own resolver and catalogue
 * service, so the page carries exactly what the public API would answer.
 */
export function createInlineCatalogueLoader<Tenant>(deps: {
  resolveBusiness: (request: FastifyRequest) => Promise<Tenant>
  /** The public catalogue service: all services, all team members. */
  catalog: {
    business(tenant: Tenant): Promise<InlineCatalogue['business']>
    services(tenant: Tenant, teamMemberId: undefined): Promise<{ items: unknown[] }>
    teamMembers(tenant: Tenant, serviceId: undefined): Promise<{ items: unknown[] }>
  }
}): LoadInlineCatalogue {
  return async (request) => {
    let tenant: Tenant
    try {
      tenant = await deps.resolveBusiness(request)
    } catch (error) {
      // No such business (or none named): the shell, whose wizard shows the API's answer.
      if (error instanceof HttpProblem) return null
      throw error
    }
    const [business, services, teamMembers] = await Promise.all([
      deps.catalog.business(tenant),
      deps.catalog.services(tenant, undefined),
      deps.catalog.teamMembers(tenant, undefined),
    ])
    return { business, services: services.items, teamMembers: teamMembers.items }
  }
}

/**
 * Adds the business's catalogue to a booking wizard page as a JSON data block, so the wizard
 * starts without its three API round trips after the scripts (they were most of the time to
 * the largest paint on a phone), and, where `render` renders the step, the step's markup: the
 * page paints before any script runs. Pages other than the wizard's steps get the HTML
 * unchanged; a failed load is logged and the plain page served: the wizard then fetches as
 * before.
 */
export async function withBookingPageData(
  request: FastifyRequest,
  html: string,
  load: LoadInlineCatalogue,
  render?: RenderBookingPage,
): Promise<string> {
  const url = new URL(request.url, 'http://page.invalid')
  // The embedded wizard (`/embed/booking…`) has the same steps under its prefix.
  const pathname = isEmbedPath(url.pathname)
    ? url.pathname.slice(EMBED_PREFIX.length)
    : url.pathname
  const route = parseWizardRoute(pathname, url.search)
  // An appointment's pages (confirmation, the return from paying) start from it, not the catalogue.
  if (route === null || route.step === 'confirmation' || route.step === 'payment') return html
  let catalogue: InlineCatalogue | null
  try {
    catalogue = await load(request)
  } catch (error) {
    request.log.error({ err: error }, 'The booking page is served without its inline catalogue')
    return html
  }
  if (catalogue === null) return html
  const withCatalogue = injectInlineCatalogue(html, catalogue)
  if (!render) return withCatalogue
  // The language the browser would pick, but for the switcher choice it may remember: a
  // visitor who picked another one sees the page switch once it has started.
  const { default_language: defaultLanguage, follow_visitor_language: followVisitor } =
    catalogue.business
  const language = negotiateLanguage({
    defaultLanguage,
    followVisitor,
    visitorLanguages: acceptedLanguages(request.headers['accept-language']),
  })
  const page = await render({ url: request.url, catalogue, language })
  if (!page) return withCatalogue
  return injectRenderedPage(withCatalogue, page, { code: language, switchable: followVisitor })
}

/**
 * Browsers never run `type="application/json"` scripts (no CSP allowance needed); escaping
 * every `<` keeps a business's text such as `</script>` from closing the element early.
 */
export function injectInlineCatalogue(html: string, catalogue: InlineCatalogue): string {
  const json = JSON.stringify(catalogue).replaceAll('<', '\\u003c')
  const tag = `<script type="application/json" id="${BOOKING_CATALOGUE_ELEMENT_ID}">${json}</script>`
  const headEnd = html.search(/<\/head>/i)
  if (headEnd === -1) return `${tag}${html}`
  return `${html.slice(0, headEnd)}${tag}${html.slice(headEnd)}`
}
