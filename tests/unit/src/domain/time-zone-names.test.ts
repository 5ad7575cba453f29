import { describe, expect, it } from 'vitest'
import {
  canonicalTimeZone,
  canonicalTimeZones,
  searchTimeZones,
  timeZoneCity,
  timeZoneOptions,
  utcOffsetLabel,
} from '../../../../src/domain/time-zone-names'

describe('canonical time zone names', () => {
  it.each([
    ['Asia/Calcutta', 'Asia/Kolkata'],
    ['Europe/Kiev', 'Europe/Kyiv'],
    ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
    ['Asia/Katmandu', 'Asia/Kathmandu'],
    ['Asia/Rangoon', 'Asia/Yangon'],
    ['America/Buenos_Aires', 'America/Argentina/Buenos_Aires'],
    ['America/Godthab', 'America/Nuuk'],
    ['Europe/Berlin', 'Europe/Berlin'],
  ])('%s is today %s', (legacy, canonical) => {
    expect(canonicalTimeZone(legacy)).toBe(canonical)
  })

  it('lists each zone once by today’s name, keeping the visitor’s own', () => {
    expect(
      canonicalTimeZones(['Europe/Kiev', 'Europe/Kyiv', 'Asia/Calcutta'], 'America/Godthab'),
    ).toEqual(['America/Nuuk', 'Asia/Kolkata', 'Europe/Kyiv'])
  })

  it('leaves no former name in what this browser lists', () => {
    const zones = canonicalTimeZones(Intl.supportedValuesOf('timeZone'))
    expect(zones).not.toContain('Asia/Calcutta')
    expect(zones).not.toContain('Europe/Kiev')
    expect(zones).toContain('Asia/Kolkata')
  })
})

describe('offsets and search', () => {
  const january = new Date('2026-01-15T12:00:00Z')
  const july = new Date('2026-07-15T12:00:00Z')

  it('names the offset now, with summer time', () => {
    expect(utcOffsetLabel('Asia/Kolkata', january)).toBe('UTC+05:30')
    expect(utcOffsetLabel('Europe/Berlin', january)).toBe('UTC+01:00')
    expect(utcOffsetLabel('Europe/Berlin', july)).toBe('UTC+02:00')
    expect(utcOffsetLabel('America/Argentina/Buenos_Aires', january)).toBe('UTC−03:00')
    expect(utcOffsetLabel('UTC', january)).toBe('UTC+00:00')
  })

  it('puts the city first', () => {
    expect(timeZoneCity('Asia/Ho_Chi_Minh')).toBe('Ho Chi Minh (Asia)')
    expect(timeZoneCity('America/Argentina/Buenos_Aires')).toBe(
      'Buenos Aires (America / Argentina)',
    )
    expect(timeZoneCity('UTC')).toBe('UTC')
  })

  it('finds a zone by city, region, offset or former name', () => {
    const options = timeZoneOptions(
      ['Asia/Kolkata', 'Europe/Kyiv', 'America/New_York', 'America/Argentina/Buenos_Aires'],
      january,
    )
    const ids = (query: string) => searchTimeZones(options, query).map((option) => option.id)
    expect(ids('kolk')).toEqual(['Asia/Kolkata'])
    expect(ids('calcutta')).toEqual(['Asia/Kolkata'])
    expect(ids('new york')).toEqual(['America/New_York'])
    expect(ids('+5:30')).toEqual(['Asia/Kolkata'])
    expect(ids('UTC+05:30')).toEqual(['Asia/Kolkata'])
    expect(ids('utc-3')).toEqual(['America/Argentina/Buenos_Aires'])
    expect(ids('america')).toEqual(['America/New_York', 'America/Argentina/Buenos_Aires'])
    expect(ids('')).toHaveLength(4)
    expect(ids('atlantis')).toEqual([])
  })
})
