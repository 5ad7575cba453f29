import { useId } from 'react'
import { answerText } from '../../../shared/booking-questions'
import type { Appointment } from '../../api/appointments'

/**
 * The answers the visitor gave to the service's booking questions, each under the question as
 * it was asked then. Nothing shows when nothing was asked (or staff booked it).
 */
export function BookingAnswersList({ appointment }: { appointment: Appointment }) {
  const headingId = useId()
  if (appointment.booking_answers.length === 0) return null
  return (
    <section className="p-booking-answers" aria-labelledby={headingId}>
      <h3 id={headingId} className="p-booking-answers__title">
        Answers given when booking
      </h3>
      <dl className="p-appointment-facts">
        {appointment.booking_answers.map((answer) => (
          <div key={answer.question_id} className="p-appointment-facts__item">
            <dt>{answer.label}</dt>
            <dd className="p-booking-answers__value">{answerText(answer)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
