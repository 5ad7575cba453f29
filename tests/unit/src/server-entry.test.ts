import { describe, expect, it } from 'vitest'
import { renderBookingPage } from '../../../src/server-entry.tsx'
import { bobId, catalogue, colourId, eveId, haircutId } from '../../support/unit/booking-harness.ts'

/*
 * The booking pages' server renderer, with real React on Node: what it renders, what it leaves
 * to the browser, and that pages of different businesses and languages rendered at the same
 * time never borrow from each other.
 */

function hostile() {
  const page = catalogue()
  page.business.name = '</script><b>Evil & Co</b>'
  return page
}

describe('renderBookingPage', () => {
  it('renders the first step in the business’s frame, with its services and prices', async () => {
    const page = await renderBookingPage({
      url: '/booking?business=harbor-street',
      catalogue: catalogue(),
      language: 'en',
    })

    expect(page?.title).toBe('Book an appointment - Slotwise Appointments')
    expect(page?.html).toContain('Harbor Street Studio')
    expect(page?.html).toContain('Haircut')
    // The price in the page's language and the business's locale, never the server's own.
    expect(page?.html).toContain('€30.00')
    // Nothing left for the browser to render on its own.
    expect(page?.html).not.toContain('<!--$!-->')
  })

  it('titles the page with the business’s name when its plan removes "Powered by"', async () => {
    const page = catalogue()
    page.business.show_powered_by = false
    const rendered = await renderBookingPage({ url: '/booking', catalogue: page, language: 'en' })

    expect(rendered?.title).toBe('Book an appointment - Harbor Street Studio')
    expect(rendered?.html).not.toContain('Powered by')
  })

  it('escapes the business’s text', async () => {
    const page = await renderBookingPage({ url: '/booking', catalogue: hostile(), language: 'en' })

    expect(page?.html).toContain('&lt;/script&gt;&lt;b&gt;Evil &amp; Co&lt;/b&gt;')
    expect(page?.html).not.toContain('<b>Evil')
  })

  it('renders a service’s team and a team member’s services, links keeping the business', async () => {
    const team = await renderBookingPage({
      url: `/booking/service/${haircutId}/team?business=harbor-street`,
      catalogue: catalogue(),
      language: 'en',
    })
    expect(team?.html).toContain('Eve')
    expect(team?.html).toContain('href="/booking?business=harbor-street"')

    const services = await renderBookingPage({
      url: `/booking/team/${eveId}/services`,
      catalogue: catalogue(),
      language: 'en',
    })
    expect(services?.html).toContain('Colour')
  })

  it('keeps a framed page’s links under /embed', async () => {
    const page = await renderBookingPage({
      url: `/embed/booking/service/${haircutId}/team`,
      catalogue: catalogue(),
      language: 'en',
    })
    expect(page?.html).toContain('href="/embed/booking"')
  })

  it('leaves the team step of a service only one person performs to the browser, which skips it', async () => {
    // Colour is Eve's alone: the wizard goes on to the times, which only the browser renders.
    const page = await renderBookingPage({
      url: `/booking/service/${colourId}/team`,
      catalogue: catalogue(),
      language: 'en',
    })
    expect(page).toBeNull()
  })

  it('writes prices in the page’s language', async () => {
    const page = await renderBookingPage({
      url: '/booking',
      catalogue: catalogue(),
      language: 'de',
    })
    expect(page?.html).toMatch(/30,00\s€/)
  })

  it('hands over every amount it shows, so hydrating the page formats none', async () => {
    const page = await renderBookingPage({
      url: '/booking',
      catalogue: catalogue(),
      language: 'de',
    })
    const amounts = Object.entries(page?.formattedMoney ?? {})
    expect(amounts.length).toBeGreaterThan(0)
    for (const [key, text] of amounts) {
      expect(key).toMatch(/^de(-[A-Z]{2})?\|EUR\|\d+$/)
      expect(page?.html).toContain(text)
    }
    const prices = catalogue().services.map((service) => `|EUR|${service.price_minor}`)
    for (const price of prices) expect(amounts.some(([key]) => key.endsWith(price))).toBe(true)
  })

  it('says a link to an unknown service is not found, as the browser will', async () => {
    const page = await renderBookingPage({
      url: '/booking/service/00000000-0000-4000-8000-000000000000/team?business=harbor-street',
      catalogue: catalogue(),
      language: 'en',
    })
    expect(page?.html).toContain('We could not find this service')
    expect(page?.html).toContain('href="/booking?business=harbor-street"')
  })

  it('renders the time step’s frame with its month’s placeholder: the month is the visitor’s', async () => {
    const page = await renderBookingPage({
      url: `/booking/calendar/${haircutId}/${eveId}?business=harbor-street`,
      catalogue: catalogue(),
      language: 'en',
    })

    expect(page?.title).toBe('Choose a time - Slotwise Appointments')
    expect(page?.html).toContain('Choose a time')
    // What is booked, with whom, and the way back to the team step it came from.
    expect(page?.html).toContain('with Eve')
    expect(page?.html).toContain(`href="/booking/service/${haircutId}/team?business=harbor-street"`)
    // The month's place is kept, its days left to the browser, which knows the visitor's zone.
    expect(page?.html).toContain('p-month-picker-placeholder')
    expect(page?.html).not.toContain('p-month-grid')
    expect(page?.html).not.toContain('<!--$!-->')
  })

  it('says a time step link with a team member who does not offer the service is not found', async () => {
    const page = await renderBookingPage({
      url: `/booking/calendar/${colourId}/${bobId}`,
      catalogue: catalogue(),
      language: 'en',
    })
    expect(page?.html).toContain('We could not find this service')
    expect(page?.html).not.toContain('p-month-picker-placeholder')
  })

  it('leaves the pages after the time step and a broken catalogue to the browser', async () => {
    for (const url of [
      `/booking/customer-info/${haircutId}/${eveId}`,
      '/booking/my-appointments',
    ]) {
      expect(
        await renderBookingPage({ url, catalogue: catalogue(), language: 'en' }),
        url,
      ).toBeNull()
    }
    expect(
      await renderBookingPage({ url: '/booking', catalogue: { services: [] }, language: 'en' }),
    ).toBeNull()
  })

  it('renders pages of different businesses and languages at the same time without mixing them', async () => {
    const pages = await Promise.all(
      Array.from({ length: 12 }, (_, index) => {
        const page = catalogue()
        page.business.name = `Salon ${index}`
        // Without "Powered by", the title carries the business's name.
        page.business.show_powered_by = false
        return renderBookingPage({
          url: '/booking',
          catalogue: page,
          language: index % 2 === 0 ? 'en' : 'de',
        })
      }),
    )
    pages.forEach((page, index) => {
      expect(page?.title).toContain(`Salon ${index}`)
      expect(page?.html).toContain(`Salon ${index}`)
      for (const other of [0, 1, 2].map((step) => (index + step + 1) % 12)) {
        expect(page?.html).not.toContain(`Salon ${other}<`)
      }
      expect(page?.html).toMatch(index % 2 === 0 ? /€30\.00/ : /30,00\s€/)
    })
  })
})
