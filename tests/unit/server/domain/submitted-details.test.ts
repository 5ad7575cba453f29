import { describe, expect, it } from 'vitest'
import { submittedDifferences } from '../../../../server/domain/submitted-details.ts'
import {
  describeSubmittedDetail,
  validateAccept,
} from '../../../../src/components/appointments/submitted-details-panel'

const record = { name: 'Alice Stored', phone: '+49 30 5550000', timeZone: 'Europe/Berlin' }

describe('submittedDifferences', () => {
  it('lists what was typed where it differs from the record, in form order', () => {
    expect(
      submittedDifferences(
        { name: 'Mallory Typed', phone: '+1 555 0199', timeZone: 'America/New_York' },
        record,
      ),
    ).toEqual([
      { field: 'name', submitted: 'Mallory Typed', on_record: 'Alice Stored' },
      { field: 'phone', submitted: '+1 555 0199', on_record: '+49 30 5550000' },
      { field: 'time_zone', submitted: 'America/New_York', on_record: 'Europe/Berlin' },
    ])
  })

  it('offers to fill what the record lacks', () => {
    expect(
      submittedDifferences(
        { name: 'Alice Stored', phone: '+1 555 0199', timeZone: 'Asia/Tokyo' },
        { name: 'Alice Stored', phone: null, timeZone: null },
      ),
    ).toEqual([
      { field: 'phone', submitted: '+1 555 0199', on_record: null },
      { field: 'time_zone', submitted: 'Asia/Tokyo', on_record: null },
    ])
  })

  it('sees no difference in the same values, blanks, or the same phone punctuated otherwise', () => {
    expect(submittedDifferences({ ...record }, record)).toEqual([])
    expect(
      submittedDifferences(
        { name: ' Alice Stored ', phone: '+49 (30) 555-0000', timeZone: null },
        record,
      ),
    ).toEqual([])
    expect(submittedDifferences({ name: null, phone: '  ', timeZone: null }, record)).toEqual([])
  })

  it('does not offer a time zone the server does not know, nor a name in another case as the same', () => {
    expect(
      submittedDifferences({ name: 'alice stored', phone: null, timeZone: 'Mars/Olympus' }, record),
    ).toEqual([{ field: 'name', submitted: 'alice stored', on_record: 'Alice Stored' }])
  })
})

describe('the staff panel for typed details', () => {
  it('describes each difference with what the record holds', () => {
    expect(
      describeSubmittedDetail({ field: 'phone', submitted: '+1 555 0199', on_record: null }),
    ).toBe('Phone: +1 555 0199 (record: nothing)')
    expect(
      describeSubmittedDetail({
        field: 'time_zone',
        submitted: 'America/New_York',
        on_record: 'Europe/Berlin',
      }),
    ).toBe('Time zone: America/New York (record: Europe/Berlin)')
  })

  it('asks for at least one detail to copy', () => {
    expect(validateAccept({ fields: [] })).toEqual({
      fields: 'Choose at least one detail to copy.',
    })
    expect(validateAccept({ fields: ['name'] })).toEqual({})
  })
})
