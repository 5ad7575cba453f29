import { useSelector } from '@xstate/react'
import { useTranslation } from '../../app/i18n'
import { formatPrice } from '../../components/appointments/appointment-format'
import type { Catalogue } from '../../machines/booking-context'
import { BusinessContact } from './business-contact'
import { useWizard } from './wizard-actor'

/** "24 hours", "2 days", "30 minutes" for a cut-off, through Intl's unit formatting. */
function noticeInWords(minutes: number, locale: string): string {
  const [value, unit] =
    minutes % 1440 === 0 && minutes >= 2880
      ? [minutes / 1440, 'day']
      : minutes % 60 === 0
        ? [minutes / 60, 'hour']
        : [minutes, 'minute']
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(
    value as number,
  )
}

/** What is being booked, with whom, where and on which terms; beside the steps throughout. */
export function ChoiceSummary({ catalogue }: { catalogue: Catalogue }) {
  const wizard = useWizard()
  const { t, tp, intl } = useTranslation()
  const serviceId = useSelector(wizard, (s) => s.context.serviceId)
  const teamMemberId = useSelector(wizard, (s) => s.context.teamMemberId)
  const service = catalogue.services.find((candidate) => candidate.id === serviceId)
  const member = catalogue.teamMembers.find((candidate) => candidate.id === teamMemberId)
  const { business } = catalogue
  // "brand" adds logo_url to the public business; shown only when it is there.
  const logo = (business as { logo_url?: string | null }).logo_url
  const cutoff = business.cancellation_cutoff_minutes
  return (
    <aside className="p-booking-choice" aria-label={t('summary_label')}>
      <div className="p-booking-choice__business">
        {logo ? <img src={logo} alt="" className="p-booking-choice__logo" /> : null}
        <span>{business.name}</span>
      </div>
      <p className="p-booking-choice__service">{service?.name}</p>
      <ul className="p-booking-choice__facts">
        {service ? <li>{tp('duration_minutes', service.duration_minutes)}</li> : null}
        {service ? (
          <li>
            {formatPrice({ amount_minor: service.price_minor, currency: service.currency }, intl)}
          </li>
        ) : null}
        <li>
          {member ? t('summary_with_member', { name: member.name }) : t('summary_with_anyone')}
        </li>
        {service?.payment ? (
          <PaymentTerms payment={service.payment} />
        ) : (
          <li>
            {cutoff > 0
              ? t('cancel_before', { notice: noticeInWords(cutoff, intl) })
              : t('cancel_anytime')}
          </li>
        )}
      </ul>
      <BusinessContact business={business} compact />
    </aside>
  )
}

/** What booking charges now and when it is refunded, before the customer commits. */
function PaymentTerms({
  payment,
}: {
  payment: NonNullable<Catalogue['services'][number]['payment']>
}) {
  const { t, intl } = useTranslation()
  const money = (amount_minor: number) =>
    formatPrice({ amount_minor, currency: payment.currency }, intl)
  if (payment.kind === 'card_on_file') {
    return <li>{t('pay_card_on_file', { fee: money(payment.no_show_fee_minor ?? 0) })}</li>
  }
  const { full_refund_until_minutes: cutoff, kept_after_cutoff_minor: kept } = payment.refund
  return (
    <>
      <li>
        <strong>
          {t(payment.kind === 'prepayment' ? 'pay_now_full' : 'pay_now_deposit', {
            amount: money(payment.amount_minor),
          })}
        </strong>
      </li>
      <li>
        {cutoff > 0
          ? t('pay_refund_before', { notice: noticeInWords(cutoff, intl), amount: money(kept) })
          : t('pay_refund_anytime')}
      </li>
    </>
  )
}
