import { describe, expect, it } from 'vitest'
import { mailtoHref, telHref } from '../../src/domain/contact-links'

describe('contact links', () => {
  it('dials the digits of a typed number, keeping only a leading plus', () => {
    expect(telHref('+1 (646) 555-0142')).toBe('tel:+16465550142')
    expect(telHref('020 7946.0000')).toBe('tel:02079460000')
    expect(telHref('555+0100')).toBe('tel:5550100')
  })

  it('writes to the address alone, whatever it carries', () => {
    expect(mailtoHref('ann.lee@example.test')).toBe('mailto:ann.lee@example.test')
    expect(mailtoHref('a?subject=Hi&body=x@example.test')).toBe(
      'mailto:a%3Fsubject%3DHi%26body%3Dx@example.test',
    )
  })
})
