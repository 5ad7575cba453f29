import { isIP } from 'node:net'
import type { FastifyRequest } from 'fastify'
import { HttpProblem } from './problem.ts'

/** Subdomains that name the site itself, never a business. */
const RESERVED_LABELS = new Set(['www'])

/**
 * The business a host names: the label just below one of the base hosts (`acme` in
 * `acme.localhost:8080` or `acme.book.example.com` when the public address is
 * book.example.com). Plain base hosts, IP addresses, `www` and unrelated hosts name none.
 */
export function businessSlugFromHost(
  host: string | undefined,
  baseHosts: readonly string[],
): string | undefined {
  if (!host) return undefined
  const hostname = hostnameOf(host)
  if (isIP(hostname) !== 0) return undefined
  for (const base of baseHosts) {
    if (!hostname.endsWith(`.${base}`)) continue
    const labels = hostname.slice(0, -base.length - 1).split('.')
    const label = labels.at(-1)
    return label && !RESERVED_LABELS.has(label) ? label : undefined
  }
  return undefined
}

/** Lower-cased hostname without the port (and without brackets around an IPv6 address). */
function hostnameOf(host: string): string {
  const lower = host.trim().toLowerCase()
  if (lower.startsWith('[')) return lower.slice(1, lower.indexOf(']'))
  const colon = lower.lastIndexOf(':')
  return colon === -1 ? lower : lower.slice(0, colon)
}

export interface BusinessResolverOptions {
  /** The installation's public address; its host is a base for business subdomains. */
  publicUrl: string
  defaultBusiness: string | undefined
}

/** The business a public request is for; a 400 or 404 problem when it names none that exists. */
export type BusinessResolver<Business> = (request: FastifyRequest) => Promise<Business>

/**
 * Finds the business of a public request. Precedence: the host's subdomain (a page served
 * at acme.example.com is acme's, whatever its query says), then the `business` query
 * parameter, then the installation's default. `localhost` is always a base host so
 * development works with `acme.localhost`. The lookup by slug is handed in (the public
 * catalogue's, which reads through the per-process read cache).
 */
export function createBusinessResolver<Business>(
  businessBySlug: (slug: string) => Promise<Business | undefined>,
  options: BusinessResolverOptions,
): BusinessResolver<Business> {
  const baseHosts = [...new Set([new URL(options.publicUrl).hostname.toLowerCase(), 'localhost'])]
  return async (request) => {
    const query = request.query as { business?: string } | undefined
    const slug =
      businessSlugFromHost(request.headers.host, baseHosts) ??
      query?.business ??
      options.defaultBusiness
    if (!slug) {
      const message = 'is required: no business is named by the address'
      throw new HttpProblem(400, `query.business ${message}.`, {
        errors: [{ path: 'query.business', message }],
      })
    }
    const business = await businessBySlug(slug)
    if (!business) throw new HttpProblem(404, `No business called "${slug}" takes bookings here.`)
    return business
  }
}
