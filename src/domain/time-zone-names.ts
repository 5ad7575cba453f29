/*
 * Time zones as a visitor chooses them. Browsers (Chromium included) still list some zones by
 * names the IANA database replaced years ago: Asia/Calcutta for Asia/Kolkata, Europe/Kiev for
 * Europe/Kyiv. A visitor looking for Kyiv or Kolkata must find today's name, and must find it
 * once.
 */

/** Former IANA names a browser may still report or list, with today's canonical name. */
export const LEGACY_TIME_ZONES: Readonly<Record<string, string>> = {
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Fort_Wayne': 'America/Indiana/Indianapolis',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Knox_IN': 'America/Indiana/Knox',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Chongqing': 'Asia/Shanghai',
  'Asia/Dacca': 'Asia/Dhaka',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Macao': 'Asia/Macau',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Asia/Thimbu': 'Asia/Thimphu',
  'Asia/Ujung_Pandang': 'Asia/Makassar',
  'Asia/Ulan_Bator': 'Asia/Ulaanbaatar',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Australia/Canberra': 'Australia/Sydney',
  'Europe/Kiev': 'Europe/Kyiv',
  'Europe/Uzhgorod': 'Europe/Kyiv',
  'Europe/Zaporozhye': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
}

/** Today's IANA name of `timeZone` (itself when it is not a former name). */
export function canonicalTimeZone(timeZone: string): string {
  return LEGACY_TIME_ZONES[timeZone] ?? timeZone
}

/** Each zone once, by today's name, sorted; `extra` (the visitor's own zone) is kept. */
export function canonicalTimeZones(zones: readonly string[], extra?: string): string[] {
  const names = new Set(zones.map(canonicalTimeZone))
  if (extra) names.add(canonicalTimeZone(extra))
  return [...names].sort()
}

/** The zone's offset from UTC at `at`: "UTC+05:30", "UTC−03:00", "UTC+00:00". */
export function utcOffsetLabel(timeZone: string, at: Date = new Date()): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value
  // 'longOffset' says "GMT+05:30", and plain "GMT" for no offset.
  const offset = name?.replace(/^GMT/, '') || '+00:00'
  return `UTC${offset.replace('-', '−')}`
}

/** "Asia/Ho_Chi_Minh" → "Ho Chi Minh (Asia)": the city first, as people look for it. */
export function timeZoneCity(timeZone: string): string {
  const parts = timeZone.split('/')
  const city = (parts.at(-1) ?? timeZone).replaceAll('_', ' ')
  const region = parts.slice(0, -1).join(' / ').replaceAll('_', ' ')
  return region ? `${city} (${region})` : city
}

export interface TimeZoneOption {
  id: string
  city: string
  offset: string
}

/** The zones with their city and offset now, for the picker. */
export function timeZoneOptions(zones: readonly string[], at: Date = new Date()): TimeZoneOption[] {
  return zones.map((id) => ({ id, city: timeZoneCity(id), offset: utcOffsetLabel(id, at) }))
}

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/[−–]/g, '-')
    .replace(/[_/]/g, ' ')
    .toLowerCase()

/**
 * The options matching what the visitor typed: every word must appear in the zone's name,
 * city or offset ("kolk", "new york", "+5:30", "utc-3", "calcutta" through its former name).
 */
export function searchTimeZones(
  options: readonly TimeZoneOption[],
  query: string,
): TimeZoneOption[] {
  const words = fold(query).split(/\s+/).filter(Boolean)
  if (words.length === 0) return [...options]
  const formerNames = new Map<string, string[]>()
  for (const [legacy, canonical] of Object.entries(LEGACY_TIME_ZONES)) {
    formerNames.set(canonical, [...(formerNames.get(canonical) ?? []), legacy])
  }
  return options.filter((option) => {
    const offset = option.offset.replace('UTC', '')
    // "+5:30" and "utc-3" find "+05:30" and "UTC−03:00": the offset without its leading zero.
    const short = offset.replace(/([+−-])0/, '$1')
    const haystack = fold(
      [option.id, option.city, option.offset, offset, short, `UTC${short}`]
        .concat(formerNames.get(option.id) ?? [])
        .join(' '),
    )
    return words.every((word) => haystack.includes(word))
  })
}
