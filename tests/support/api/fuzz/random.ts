/**
 * A small seeded generator (mulberry32), so each operation's requests are the same on every
 * run and a failure can be replayed. Seeded per operation: adding an operation to the
 * contract does not change the requests of the others.
 */
export class Random {
  private state: number

  constructor(seed: string | number) {
    this.state = typeof seed === 'number' ? seed >>> 0 : hash(seed)
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }

  /** An integer in [min, max], both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(probability: number): boolean {
    return this.next() < probability
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('Nothing to pick from.')
    return items[this.int(0, items.length - 1)] as T
  }

  /** Some of the items (each with the given probability), in their order. */
  subset<T>(items: readonly T[], probability = 0.5): T[] {
    return items.filter(() => this.chance(probability))
  }

  /** A version-4 UUID from this generator. */
  uuid(): string {
    const hex = Array.from({ length: 32 }, () => this.int(0, 15).toString(16))
    hex[12] = '4'
    hex[16] = (8 + this.int(0, 3)).toString(16)
    const text = hex.join('')
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`
  }

  /** A 32-bit seed for another generator (fast-check's), drawn from this one. */
  seed(): number {
    return this.int(0, 0x7fffffff)
  }
}

/** FNV-1a of the text: a stable 32-bit seed from an operation id. */
function hash(text: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}
