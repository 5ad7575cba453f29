import { useState } from 'react'
import { useToast } from '../../app/toast-context'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { DangerZone } from '../../components/form/danger-zone'
import { PendingButton } from '../../components/form/pending-button'
import { FormTextField } from '../../components/form/text-field'
import { useConfirmedAction } from '../../components/form/use-confirmed-action'
import { saveBlob } from '../../components/save-blob'
import { eraseCustomer, exportCustomerData } from './api'

/** "Download their data": the customer's export, saved as `customer-<id>.json`. */
export function ExportCustomerData({ id }: { id: string }) {
  const toast = useToast()
  const [busy, setBusy] = useState(false)
  const download = async () => {
    setBusy(true)
    try {
      saveBlob(await exportCustomerData(id), `customer-${id}.json`)
    } catch (failure) {
      toast.error(
        failure instanceof Error ? failure.message : 'The customer’s data could not be exported.',
      )
    } finally {
      setBusy(false)
    }
  }
  return (
    <section className="p-form-section" aria-labelledby="customer-data-export">
      <h2 id="customer-data-export" className="p-form-section__title">
        Their data
      </h2>
      <p className="p-muted">
        Everything stored about this customer in one JSON file: their details, appointments and
        answers, payments and refunds, the e-mails sent to them and the activity log about them. The
        export is recorded in the activity log.
      </p>
      <div>
        <PendingButton className="p-button" onPress={download} isPending={busy}>
          Download their data
        </PendingButton>
      </div>
    </section>
  )
}

/** "Erase personal data": irreversible, confirmed by typing the customer's name. */
export function EraseCustomer({ id, name }: { id: string; name: string }) {
  const erasure = useConfirmedAction()
  const [typed, setTyped] = useState('')
  const matches = typed.trim().toLowerCase() === name.trim().toLowerCase() && name.trim() !== ''

  return (
    <DangerZone
      id="customer-erase"
      title="Erase personal data"
      intro={
        <p className="p-muted">
          For a customer who asks to be forgotten, including one with payments. Their appointments
          and payments stay, anonymised, so your figures do not change.
        </p>
      }
      actionLabel="Erase personal data"
      onAction={() => {
        setTyped('')
        erasure.open()
      }}
    >
      <ConfirmDialog
        {...erasure.dialog}
        title={`Erase ${name || 'this customer'}’s personal data?`}
        confirmLabel="Erase for good"
        onConfirm={() =>
          erasure.run(
            async () => {
              await eraseCustomer(id, typed)
              return {
                message: 'Their personal data was erased; their appointments stay, anonymised.',
                title: 'Customer erased',
                to: '/customers',
              }
            },
            { failure: 'The customer could not be erased.' },
          )
        }
        confirmDisabled={!matches}
      >
        <p>This cannot be undone. It will:</p>
        <ul className="p-erase-list">
          <li>
            rename the customer “Erased customer” and clear their e-mail, phone, notes, tags and
            time zone;
          </li>
          <li>
            keep their appointments and payments for your figures, without their notes, answers, or
            what they typed when booking;
          </li>
          <li>
            delete the e-mails sent or waiting to be sent to them, and end their manage links;
          </li>
          <li>remove their name, e-mail and phone from older activity-log entries.</li>
        </ul>
        <p>Customers with upcoming appointments cannot be erased: cancel those first.</p>
        <FormTextField
          label={`Type “${name}” to confirm`}
          name="confirm_name"
          value={typed}
          onChange={setTyped}
          autoComplete="off"
        />
      </ConfirmDialog>
    </DangerZone>
  )
}
