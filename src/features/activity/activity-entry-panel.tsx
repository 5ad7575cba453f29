import { useActorRef, useSelector } from '@xstate/react'
import { Button, Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components'
import { FormError } from '../../components/form-error'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import {
  type ActivityEntry,
  actionLabel,
  actorLabel,
  ENTITY_TYPE_LABELS,
  fieldLabel,
  formatChangeValue,
  formatOccurredAt,
  isBlockValue,
} from './activity-format'
import { entryLogic } from './effects'

/**
 * The details of one activity entry in a side panel: who, when, what, and the before/after of
 * every changed field. Closing it (Escape, the close button, a click outside) calls `onClose`.
 */
export function ActivityEntryPanel({
  entryId,
  knownEntry,
  timeZone,
  onClose,
}: {
  entryId: string
  knownEntry: ActivityEntry | undefined
  timeZone: string
  onClose: () => void
}) {
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      className="p-activity-panel__overlay"
    >
      <Modal className="p-activity-panel">
        <Dialog className="p-activity-panel__dialog">
          {/* Keyed: another entry is another machine, never the previous entry's state. */}
          <EntryDetails
            key={entryId}
            entryId={entryId}
            knownEntry={knownEntry}
            timeZone={timeZone}
          />
        </Dialog>
      </Modal>
    </ModalOverlay>
  )
}

function EntryDetails({
  entryId,
  knownEntry,
  timeZone,
}: {
  entryId: string
  knownEntry: ActivityEntry | undefined
  timeZone: string
}) {
  const actor = useActorRef(entryLogic, { input: { entryId, entry: knownEntry } })
  const entry = useSelector(actor, (s) => s.context.entry)
  const loading = useSelector(actor, (s) => s.hasTag('loading'))
  const failure = useSelector(actor, (s) => s.context.failure)

  return (
    <>
      <div className="p-activity-panel__header">
        <Heading slot="title" className="p-activity-panel__title">
          {entry ? entry.summary : 'Activity entry'}
        </Heading>
        <Button slot="close" className="p-icon-button" aria-label="Close details">
          <span aria-hidden="true">×</span>
        </Button>
      </div>
      {entry ? (
        <EntryBody entry={entry} timeZone={timeZone} />
      ) : loading ? (
        <div className="p-stack-sm" aria-busy="true">
          <span className="p-skeleton" style={{ width: '60%' }} />
          <span className="p-skeleton" style={{ width: '40%' }} />
          <span className="p-skeleton" style={{ width: '80%' }} />
          <span className="p-visually-hidden">Loading the entry…</span>
        </div>
      ) : failure?.status === 404 ? (
        <FormError
          title="No such entry"
          message="This entry does not exist in your business’s activity log."
        />
      ) : failure ? (
        <LoadFailedAlert
          title="Couldn't load this entry"
          message={failure.message}
          onRetry={() => actor.send({ type: 'entry.retry' })}
        />
      ) : null}
    </>
  )
}

function EntryBody({ entry, timeZone }: { entry: ActivityEntry; timeZone: string }) {
  return (
    <div className="p-stack">
      <dl className="p-activity-facts">
        <div>
          <dt>When</dt>
          <dd>
            <time dateTime={entry.occurred_at}>
              {formatOccurredAt(entry.occurred_at, timeZone)}
            </time>
          </dd>
        </div>
        <div>
          <dt>Who</dt>
          <dd>
            {actorLabel(entry.actor)}
            {entry.actor?.email && entry.actor.name ? (
              <span className="p-muted"> ({entry.actor.email})</span>
            ) : null}
          </dd>
        </div>
        <div>
          <dt>What</dt>
          <dd>
            {ENTITY_TYPE_LABELS[entry.entity_type]} · {actionLabel(entry.action)}
          </dd>
        </div>
      </dl>
      {entry.changes.length === 0 ? (
        <p className="p-muted">
          {entry.action === 'signed_in'
            ? 'A sign-in records who signed in and when; no data changed.'
            : 'No field-level changes were recorded for this entry.'}
        </p>
      ) : (
        <table className="p-diff">
          <caption className="p-visually-hidden">Changed fields, before and after</caption>
          <thead>
            <tr>
              <th scope="col">Field</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {entry.changes.map((change) => (
              <tr key={change.field}>
                <th scope="row">{fieldLabel(change.field)}</th>
                <DiffCell value={change.before} side="before" />
                <DiffCell value={change.after} side="after" />
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

function DiffCell({ value, side }: { value: unknown; side: 'before' | 'after' }) {
  const text = formatChangeValue(value)
  return (
    <td
      className={`p-diff__value p-diff__value--${side}`}
      data-label={side === 'before' ? 'Before' : 'After'}
    >
      {isBlockValue(value) ? <pre className="p-diff__block">{text}</pre> : text}
    </td>
  )
}
