/** A calendar day (`YYYY-MM-DD`) as an instant: noon UTC stands for the day. */
export const noon = (date: string) => new Date(`${date}T12:00:00Z`)
/** Calendar days (noon UTC stands for a day) in the page's locale. */
export const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' })
