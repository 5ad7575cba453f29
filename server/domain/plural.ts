/** "1 appointment", "2 appointments": a count with its noun, for messages people read. */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`
}
