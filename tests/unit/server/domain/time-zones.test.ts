import { describe, expect, it } from 'vitest'
import { isTimeZone } from '../../../../server/domain/time-zones.ts'

describe('isTimeZone', () => {
  it.each(['UTC', 'Europe/Berlin', 'America/Argentina/Buenos_Aires', 'Asia/Kolkata', 'Etc/GMT+5'])(
    'accepts %s',
    (zone) => expect(isTimeZone(zone)).toBe(true),
  )

  it.each(['Europe/Kyiv', 'Etc/UTC', 'US/Eastern'])(
    'accepts the alias %s, which Intl resolves to a known zone',
    (zone) => expect(isTimeZone(zone)).toBe(true),
  )

  it.each(['', 'Mars/Olympus', 'Berlin', '+01:00', 'GMT+1', 'europe/berlin', 'utc', 'UTC '])(
    'refuses %j',
    (zone) => expect(isTimeZone(zone)).toBe(false),
  )
})
