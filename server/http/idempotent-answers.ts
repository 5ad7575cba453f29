import type { components } from '../../shared/contract/schema.d.ts'
import { Refusal } from '../domain/refusal.ts'
import { HttpProblem } from './problem.ts'
import { REFUSAL_STATUS } from './refusal-status.ts'

type Problem = components['schemas']['Problem']
type StoredAnswer = { status: number; problem: Partial<Problem> }

/**
 * The answers an Idempotency-Key keeps, in HTTP terms: a refusal (or a problem thrown as one)
 * is stored with the status and problem it was answered with, and replayed as exactly that.
 * Handed to the services that run writes once per key (`StoredAnswers` in
 * services/public/idempotency.ts), which thereby never name a status themselves.
 */
export const idempotentAnswers = {
  answerOf(error: unknown): StoredAnswer | undefined {
    if (error instanceof Refusal) return stored(REFUSAL_STATUS[error.kind], error)
    if (error instanceof HttpProblem) return stored(error.status, error)
    return undefined
  },

  replay(status: number, problem: Partial<Problem>): Error {
    return new HttpProblem(status, problem.detail ?? 'The first request with this key failed.', {
      ...(problem.errors ? { errors: problem.errors } : {}),
      ...(problem.type ? { type: problem.type } : {}),
    })
  },
}

function stored(status: number, error: Refusal | HttpProblem): StoredAnswer {
  return {
    status,
    problem: {
      type: error.type,
      status,
      detail: error.message,
      ...(error.errors ? { errors: error.errors } : {}),
    },
  }
}
