/** "90 minutes", "2 hours", "1 day": a number of minutes as people say it. */
export function describeMinutes(minutes: number): string {
  const unit = (count: number, name: string) => `${count} ${name}${count === 1 ? '' : 's'}`
  if (minutes >= 1440 && minutes % 1440 === 0) return unit(minutes / 1440, 'day')
  if (minutes >= 60 && minutes % 60 === 0) return unit(minutes / 60, 'hour')
  return unit(minutes, 'minute')
}
