const canonicalZones: ReadonlySet<string> = new Set(Intl.supportedValuesOf('timeZone'))

// IANA names start with a letter; this keeps out the UTC offsets ("+01:00") newer Intl accepts.
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/

/**
 * Whether `name` is an IANA time zone this server can compute with. Node's list holds only
 * canonical names and leaves out 'UTC' and the Etc zones; browsers with a newer time-zone
 * database offer newer names (Europe/Kyiv where Node says Europe/Kiev). So any name Intl
 * knows counts, except a wrong letter case: Intl ignores case, and stored names stay exact.
 */
export function isTimeZone(name: string): boolean {
  if (name === 'UTC' || canonicalZones.has(name)) return true
  if (!IANA_NAME.test(name)) return false
  let resolved: string
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone
  } catch {
    return false
  }
  return resolved === name || resolved.toLowerCase() !== name.toLowerCase()
}
