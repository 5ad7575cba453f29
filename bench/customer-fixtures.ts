import type { customers } from '../server/db/schema.ts'

const firstNames = [
  'Anna',
  'Ben',
  'Carla',
  'David',
  'Elif',
  'Farid',
  'Greta',
  'Hiro',
  'Ines',
  'Jonas',
  'Kemal',
  'Lena',
  'Marco',
  'Nora',
  'Oskar',
  'Priya',
  'Quentin',
  'Rosa',
  'Sven',
  'Tara',
  'Umar',
  'Vera',
  'Wim',
  'Xenia',
  'Yusuf',
  'Zoë',
  'Åsa',
  'Émile',
  'Łukasz',
  'Søren',
]
const lastNames = [
  'Müller',
  'Schmidt',
  'Garcia',
  'Rossi',
  'Nowak',
  'Yilmaz',
  'Tanaka',
  'Dubois',
  'Silva',
  'Johansson',
  'Kowalski',
  'Novak',
  "O'Brien",
  'Papadopoulos',
  'Smith',
  'Jensen',
  'Fischer',
  'Moreau',
  'Costa',
  'Horvat',
  'Ivanova',
  'Kim',
  'Nguyen',
  'Patel',
  'Weber',
]
const domains = ['example.com', 'mail.example', 'post.example', 'web.example', 'inbox.example']
const tags = ['vip', 'regular', 'new', 'late', 'student', 'senior']
const phoneFormats = [
  (d: string) => `+49 30 ${d.slice(0, 4)} ${d.slice(4)}`,
  (d: string) => `+1 (555) ${d.slice(0, 3)}-${d.slice(3)}`,
  (d: string) => `0${d.slice(0, 3)} ${d.slice(3)}`,
  (d: string) => `+44 20 ${d.slice(0, 4)} ${d.slice(4)}`,
]

/** A small deterministic PRNG (mulberry32), so every run measures the same data. */
export function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
}

/**
 * `count` believable customers: mixed-case names with accents, unique e-mails, phones in
 * several national formats (a fifth without one), a few tags, and creation times spread over
 * two years.
 */
export function customerFixtures(
  tenantId: string,
  count: number,
  seed: number,
): (typeof customers.$inferInsert)[] {
  const random = seededRandom(seed)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const start = Date.UTC(2023, 0, 1)
  const twoYears = 2 * 365 * 24 * 60 * 60 * 1000
  return Array.from({ length: count }, (_, n) => {
    const first = pick(firstNames)
    const last = pick(lastNames)
    const digits = String(Math.floor(random() * 1e7)).padStart(7, '0')
    return {
      tenantId,
      name: `${first} ${last}`,
      email: random() < 0.9 ? `${first}.${last}.${n}@${pick(domains)}`.toLowerCase() : null,
      phone: random() < 0.8 ? pick(phoneFormats)(digits) : null,
      notes: random() < 0.3 ? 'Prefers appointments in the morning.' : '',
      tags: tags.filter(() => random() < 0.15),
      timeZone: random() < 0.5 ? 'Europe/Berlin' : null,
      marketingConsent: random() < 0.4,
      createdAt: new Date(start + Math.floor(random() * twoYears)),
    }
  })
}
