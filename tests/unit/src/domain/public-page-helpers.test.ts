import { describe, expect, it } from 'vitest'
import { mailtoHref, mapHref, telHref } from '../../../../src/domain/contact-links.ts'
import { groupByCategory } from '../../../../src/domain/service-groups.ts'
import { stepAfterService, teamMemberWithoutChoice } from '../../../../src/domain/team-choice.ts'
import {
  bobId,
  catalogue,
  colourId,
  eveId,
  haircutId,
} from '../../../support/unit/booking-harness.ts'

/*
 * What the public booking pages derive from a business and its catalogue, before rendering; the
 * contact links are also the staff app's tap to call or write to a client.
 */

describe('telHref', () => {
  it('dials an internationally written number in E.164', () => {
    expect(telHref('+1 (555) 010-0199')).toBe('tel:+15550100199')
    expect(telHref(' 0044 20 7946 0000 ')).toBe('tel:+442079460000')
    expect(telHref('+49 30/123.45-67')).toBe('tel:+49301234567')
  })

  it('keeps a national number’s digits, and offers nothing without digits to dial', () => {
    expect(telHref('030 1234567')).toBe('tel:0301234567')
    expect(telHref('020 7946.0000')).toBe('tel:02079460000')
    expect(telHref('555+0100')).toBe('tel:5550100')
    expect(telHref('')).toBeNull()
    expect(telHref('call us')).toBeNull()
  })
})

describe('mapHref', () => {
  it('searches the address as typed, its lines joined, encoded for the query', () => {
    expect(mapHref('12 Harbor Street\nSuite 3 & 4\n')).toBe(
      'https://www.google.com/maps/search/?api=1&query=12%20Harbor%20Street%2C%20Suite%203%20%26%204',
    )
    expect(mapHref(' \n ')).toBeNull()
  })
})

describe('mailtoHref', () => {
  it('writes to the address, encoding what would end it early', () => {
    expect(mailtoHref('hello@harbor.test')).toBe('mailto:hello@harbor.test')
    expect(mailtoHref('a?b#c@harbor.test')).toBe('mailto:a%3Fb%23c@harbor.test')
    expect(mailtoHref('not an address')).toBeNull()
  })
})

describe('groupByCategory', () => {
  const service = (name: string, category: string) => ({ name, category })
  it('keeps the catalogue’s order of categories and puts the uncategorised last', () => {
    const groups = groupByCategory([
      service('Consultation', ''),
      service('Colour', 'Colour'),
      service('Cut', ' Hair '),
      service('Trim', 'Hair'),
      service('Patch test', ''),
    ])
    expect(groups.map((group) => [group.category, group.services.map((s) => s.name)])).toEqual([
      ['Colour', ['Colour']],
      ['Hair', ['Cut', 'Trim']],
      ['', ['Consultation', 'Patch test']],
    ])
  })
})

describe('the team step', () => {
  it('is skipped for a service only one person performs, who then takes it', () => {
    expect(teamMemberWithoutChoice(catalogue('both'), colourId)).toBe(eveId)
    expect(stepAfterService(catalogue('customer_picks'), colourId)).toEqual({
      step: 'calendar',
      serviceId: colourId,
      teamMemberId: eveId,
    })
  })

  it('is skipped where the business assigns whoever is free', () => {
    expect(stepAfterService(catalogue('any_available'), haircutId)).toEqual({
      step: 'calendar',
      serviceId: haircutId,
      teamMemberId: 'any',
    })
  })

  it('is shown when more than one person performs the service', () => {
    expect(teamMemberWithoutChoice(catalogue('both'), haircutId)).toBeNull()
    expect(stepAfterService(catalogue('both'), haircutId)).toEqual({
      step: 'serviceTeam',
      serviceId: haircutId,
    })
    expect(catalogue().services.find((s) => s.id === haircutId)?.team_member_ids).toContain(bobId)
  })
})
