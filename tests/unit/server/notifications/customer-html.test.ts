import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { customerHtml, type Letterhead } from '../../../../server/notifications/customer-html.ts'
import {
  type AppointmentFacts,
  customerMessage,
} from '../../../../server/notifications/messages.ts'
import { brandPair, brandTextOn } from '../../../../shared/brand-colours.ts'
import {
  attributes,
  bandName,
  decodeHtml,
  expectOnlyOurTags,
  NOT_IN_HTML,
  visibleParagraphs,
} from '../../../support/unit/email-html.ts'
import { hostileText, PROPERTY_TIMEOUT_MS } from '../../../support/unit/hostile-text.ts'

const PUBLIC_URL = 'https://book.example.test'
const MANAGE_URL = `${PUBLIC_URL}/booking/event/abc?business=harbor&token=s3cr3t`

const HOSTILE = {
  business: 'Harbor <script>alert("b")</script> & "Co" \'s',
  customer: '<img src=x onerror=alert(1)> "Ana" & Bob\'s <b>bold</b>',
  service: 'Cut </p><a href="https://evil.test">win</a>',
  member: 'Sam <!-- & --> "Staff"',
  address: '1 Main St <style>body{display:none}</style> & Sons',
  reason: 'See https://evil.test/"><script>x()</script> and <iframe src="//evil.test">',
}

const facts: AppointmentFacts = {
  businessName: HOSTILE.business,
  businessAddress: HOSTILE.address,
  businessPhone: '+49 30 123456',
  businessTimeZone: 'Europe/Berlin',
  locale: 'en-US',
  customerLanguage: 'en',
  serviceName: HOSTILE.service,
  teamMemberName: HOSTILE.member,
  teamMemberTimeZone: 'Europe/Berlin',
  customerName: HOSTILE.customer,
  customerTimeZone: null,
  startsAt: new Date('2026-03-29T08:00:00Z'),
  endsAt: new Date('2026-03-29T08:45:00Z'),
  cancelReason: HOSTILE.reason,
  manageUrl: MANAGE_URL,
  bookingUrl: `${PUBLIC_URL}/booking?business=harbor`,
}

const letterhead: Letterhead = {
  businessName: HOSTILE.business,
  brandColor: '#0e7490',
  logo: { url: `${PUBLIC_URL}/api/v1/public/logos/t1/${'a'.repeat(64)}`, width: 120, height: 40 },
  language: 'en',
}

describe('the HTML part of a customer’s e-mail', () => {
  it('says exactly what the text part says, every hostile value escaped', () => {
    for (const kind of ['confirmation', 'cancellation'] as const) {
      const message = customerMessage(kind, facts)
      const html = customerHtml(message, letterhead, PUBLIC_URL)
      expectOnlyOurTags(html)
      expect(html).not.toMatch(/<script|<style|<iframe|<!--/i)
      expect(html).toContain(
        'Harbor &lt;script&gt;alert(&quot;b&quot;)&lt;/script&gt; &amp; &quot;Co&quot; &#39;s',
      )
      expect(html).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Ana&quot; &amp; Bob&#39;s')
      expect(visibleParagraphs(html)).toBe(message.text)
      expect(bandName(html)).toBe(HOSTILE.business)
      expect(decodeHtml(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '')).toBe(message.subject)
    }
  })

  it('links the site’s own addresses only, escaped in the attribute', () => {
    const confirmation = customerHtml(
      customerMessage('confirmation', facts),
      letterhead,
      PUBLIC_URL,
    )
    expect(attributes(confirmation, 'a', 'href')).toEqual([MANAGE_URL])
    expect(confirmation).toContain(
      `href="${PUBLIC_URL}/booking/event/abc?business=harbor&amp;token=s3cr3t"`,
    )
    // The reason's address is someone's typing: it stays text.
    const cancellation = customerHtml(
      customerMessage('cancellation', facts),
      letterhead,
      PUBLIC_URL,
    )
    expect(attributes(cancellation, 'a', 'href')).toEqual([facts.bookingUrl])
    expect(cancellation).toContain('See https://evil.test/&quot;&gt;&lt;script&gt;')
  })

  it(
    'has no way out of its elements for any text, as a name or in the body',
    () => {
      fc.assert(
        fc.property(hostileText(), hostileText(), (name, text) => {
          const logo = { url: `${PUBLIC_URL}/logo/${text}`, width: 10, height: 10 }
          const html = customerHtml(
            { subject: name, text: `Hello ${name},\n\n${text}` },
            { ...letterhead, businessName: name, logo },
            PUBLIC_URL,
          )
          expectOnlyOurTags(html)
          expect(html).not.toMatch(new RegExp(NOT_IN_HTML.source))
          expect(bandName(html)).toBe(name.replace(NOT_IN_HTML, ''))
          expect(attributes(html, 'img', 'src')).toEqual([logo.url.replace(NOT_IN_HTML, '')])
          expect(
            attributes(html, 'a', 'href').every((url) => url.startsWith(`${PUBLIC_URL}/`)),
          ).toBe(true)
        }),
      )
    },
    PROPERTY_TIMEOUT_MS,
  )
})

describe('the letterhead', () => {
  it('paints the band in the brand colour with the readable text colour, links readable on white', () => {
    const html = customerHtml({ subject: 's', text: `Go: ${MANAGE_URL}` }, letterhead, PUBLIC_URL)
    const band = brandPair('#0e7490')
    expect(html).toContain(`background-color:${band.background};color:${band.foreground};`)
    expect(html).toContain(
      `<a href="${MANAGE_URL.replace('&', '&amp;')}" style="color:${brandTextOn('#0e7490', ['#ffffff'])};`,
    )
  })

  it('keeps AA on a mid-tone brand colour, darkened under white', () => {
    const html = customerHtml(
      { subject: 's', text: 't' },
      { ...letterhead, brandColor: '#808080' },
      PUBLIC_URL,
    )
    const band = brandPair('#808080')
    expect(band.background).not.toBe('#808080')
    expect(html).toContain(`background-color:${band.background};color:${band.foreground};`)
  })

  it('falls back to the default colour when the stored one is no colour', () => {
    const html = customerHtml(
      { subject: 's', text: 't' },
      { ...letterhead, brandColor: 'red;background:url(https://evil.test)' },
      PUBLIC_URL,
    )
    expect(html).not.toContain('evil.test')
    expect(html).toContain(`background-color:${brandPair('#4f46e5').background};`)
  })

  it('shows the logo at most 48 px high and 200 px wide, proportions kept, or none at all', () => {
    const wide = customerHtml(
      { subject: 's', text: 't' },
      { ...letterhead, logo: { url: `${PUBLIC_URL}/logo?a=1&b="2"`, width: 1000, height: 100 } },
      PUBLIC_URL,
    )
    expect(attributes(wide, 'img', 'src')).toEqual([`${PUBLIC_URL}/logo?a=1&b="2"`])
    expect(wide).toContain('src="https://book.example.test/logo?a=1&amp;b=&quot;2&quot;"')
    expect(wide).toMatch(/<img [^>]*width="200" height="20" alt=""/)
    const tall = customerHtml({ subject: 's', text: 't' }, letterhead, PUBLIC_URL)
    expect(tall).toMatch(/<img [^>]*width="144" height="48" alt=""/)
    const none = customerHtml(
      { subject: 's', text: 't' },
      { ...letterhead, logo: null },
      PUBLIC_URL,
    )
    expect(none).not.toContain('<img')
  })

  it('names the customer’s language', () => {
    const html = customerHtml(
      { subject: 's', text: 't' },
      { ...letterhead, language: 'de' },
      PUBLIC_URL,
    )
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="de" dir="ltr">/)
  })
})
