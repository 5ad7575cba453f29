import type { SettingsRow } from '../../db/repositories/settings-repository.ts'
import {
  answerProblems,
  answerSnapshot,
  type BookingAnswer,
  type BookingAnswerValues,
  type BookingQuestion,
} from '../../domain/booking-questions.ts'
import { invalidField, Refusal } from '../../domain/refusal.ts'
import { teamMemberChoiceRefusal } from '../../domain/team-member-choice.ts'

/*
 * Checks of a visitor's request the public booking makes before the core's transaction, from
 * what the booking page read: they need no lock, so they refuse without queueing.
 */

/**
 * The answers to store with the appointment (each with its question's label as asked), or a
 * refusal naming every answer that is missing or wrong. Null when the service asks nothing, so
 * a booking without questions is stored as before.
 */
export function checkAnswers(
  questions: readonly BookingQuestion[],
  answers: BookingAnswerValues,
): BookingAnswer[] | null {
  const errors = answerProblems(questions, answers).map(({ questionId, message }) => ({
    path: `body.booking_answers.${questionId}`,
    message,
  }))
  const [first] = errors
  if (first) {
    // Worded as the contract's own validation words it, so the form handles both alike.
    const detail =
      errors.length === 1
        ? `${first.path} ${first.message}.`
        : `${errors.length} values in the request are invalid.`
    throw new Refusal('invalid', detail, { errors })
  }
  return questions.length > 0 ? answerSnapshot(questions, answers) : null
}

/** Whether the business lets visitors choose (or not choose) a team member as they did. */
export function checkTeamMemberChoice(settings: SettingsRow, teamMemberId: string | null): void {
  const refusal = teamMemberChoiceRefusal(settings.teamMemberChoice, teamMemberId)
  if (refusal) throw invalidField('body.team_member_id', refusal)
}
