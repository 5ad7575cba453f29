import type Stripe from 'stripe'
import { parameterInvalid, resourceMissing } from './errors.ts'
import type { Params } from './params.ts'

/**
 * One page of a Stripe list. `newestFirst` is the whole filtered collection, newest first;
 * `starting_after` pages towards older objects, `ending_before` towards newer ones.
 */
export function paginate<T extends { id: string }>(
  newestFirst: readonly T[],
  params: Params,
  url: string,
  objectName: string,
): Stripe.ApiList<T> {
  const limit = params.integer('limit') ?? 10
  if (limit < 1 || limit > 100) {
    throw parameterInvalid('limit', 'Invalid limit: must be between 1 and 100.')
  }
  const startingAfter = params.string('starting_after')
  const endingBefore = params.string('ending_before')
  const positionOf = (id: string, param: string) => {
    const index = newestFirst.findIndex((item) => item.id === id)
    if (index === -1) throw resourceMissing(objectName, id, param)
    return index
  }

  if (endingBefore !== undefined) {
    const end = positionOf(endingBefore, 'ending_before')
    const start = Math.max(0, end - limit)
    return { object: 'list', url, has_more: start > 0, data: newestFirst.slice(start, end) }
  }
  const start = startingAfter === undefined ? 0 : positionOf(startingAfter, 'starting_after') + 1
  const data = newestFirst.slice(start, start + limit)
  return { object: 'list', url, has_more: start + limit < newestFirst.length, data }
}
