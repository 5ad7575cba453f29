import { useState } from 'react'
import { useToast } from '../../app/toast-context'
import { FormSwitchField } from '../../components/form/switch-field'
import { updateCustomer } from './api'

/**
 * The client's consent to marketing e-mails, changed on the spot (saved at once, as the desk
 * asks them). Booking e-mails need no consent: they are part of the service, under the
 * business's privacy notice.
 */
export function CustomerConsent({
  customerId,
  initial,
  canChange,
}: {
  customerId: string
  initial: boolean
  canChange: boolean
}) {
  const toast = useToast()
  const [consent, setConsent] = useState(initial)
  const [saving, setSaving] = useState(false)

  const change = async (next: boolean) => {
    setSaving(true)
    setConsent(next)
    try {
      const saved = await updateCustomer(customerId, { marketing_consent: next })
      setConsent(saved.marketing_consent)
      toast.success(
        saved.marketing_consent
          ? 'They agreed to receive marketing e-mails.'
          : 'They no longer receive marketing e-mails.',
        'Consent saved',
      )
    } catch (failure) {
      setConsent(!next)
      toast.error(failure instanceof Error ? failure.message : 'The consent could not be saved.')
    } finally {
      setSaving(false)
    }
  }

  return (
    <FormSwitchField
      label="Agreed to receive marketing e-mails"
      name="marketing_consent"
      value={consent}
      onChange={change}
      isDisabled={!canChange || saving}
      description="Change this only with the customer’s permission. Booking e-mails are sent either way."
    />
  )
}
