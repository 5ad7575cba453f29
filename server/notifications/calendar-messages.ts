import { describeInstant } from '../domain/business-time.ts'
import { headerText } from './mail-headers.ts'
import type { Message } from './messages.ts'

/*
 * The e-mail a member and the owners get when the member's calendar connection breaks
 * (issue 25, item 6). Pure: the caller gathers the facts. Plain text; names typed by people
 * (the account's, the member's, the business's) are kept on one line each, so none can add
 * lines of its own to the message.
 */

export interface BrokenCalendarFacts {
  recipientName: string
  memberName: string
  businessName: string
  /** The connection's name as the member gave or chose it ("iCloud"). */
  accountName: string
  /** `needs_reconnect`: the provider refused the credentials; else it does not answer. */
  health: 'needs_reconnect' | 'unreachable' | 'rate_limited'
  /** When its busy times were last read; null: never. */
  lastSyncedAt: Date | null
  timeZone: string
  /** Where the member's calendars are managed; absent when the app's address is unknown. */
  calendarsUrl?: string | undefined
}

export function brokenCalendarMessage(facts: BrokenCalendarFacts): Message {
  const account = headerText(facts.accountName)
  const member = headerText(facts.memberName)
  const business = headerText(facts.businessName)
  const reconnect = facts.health === 'needs_reconnect'
  const since = facts.lastSyncedAt
    ? `The busy times read last, on ${describeInstant(facts.lastSyncedAt.getTime(), facts.timeZone)} (${facts.timeZone}), still block bookings,`
    : 'Nothing could be read from it yet,'
  return {
    subject: reconnect
      ? `Reconnect ${member}'s calendar ${account} to ${business}`
      : `${member}'s calendar ${account} cannot be reached`,
    text: [
      `Hello ${headerText(facts.recipientName)},`,
      '',
      reconnect
        ? `${account}, ${member}'s calendar at ${business}, no longer accepts Slotwise's sign-in (the password was changed or the access was taken back).`
        : `${account}, ${member}'s calendar at ${business}, has not answered Slotwise for a while. Slotwise keeps trying.`,
      `${since} but what was added to it since is not seen: customers could book over it.`,
      ...(reconnect ? ['Connect the calendar again to sync it once more.'] : []),
      ...(facts.calendarsUrl ? ['', `${member}'s calendars: ${facts.calendarsUrl}`] : []),
      '',
      'This e-mail is sent once; you hear again only if it breaks again after working.',
      '',
      'Slotwise Appointments',
    ].join('\n'),
  }
}
