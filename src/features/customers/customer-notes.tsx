import { useState } from 'react'
import { Button, Form } from 'react-aria-components'
import { can } from '../../../shared/permissions'
import { useProfile } from '../../app/auth-context'
import { useToast } from '../../app/toast-context'
import { STAFF_CLOCK } from '../../components/appointments/appointment-format'
import { ConfirmDialog } from '../../components/form/confirm-dialog'
import { FormTextField } from '../../components/form/text-field'
import { useCursorFeed } from '../../components/form/use-cursor-feed'
import { useEntityForm } from '../../components/form/use-entity-form'
import { LoadFailedAlert } from '../../components/load-failed-alert'
import { createCursorFeedMachine } from '../../machines/cursor-feed.machine'
import { createEntityFormMachine, type FieldErrors } from '../../machines/entity-form.machine'
import { addCustomerNote, type CustomerNote, deleteCustomerNote, loadCustomerNotes } from './api'

/** A new note restarts the feed from the newest page: the revision is its only filter. */
interface NotesFilter {
  revision: number
}

const notesFeed = createCursorFeedMachine<CustomerNote, NotesFilter>()
const noteForm = createEntityFormMachine<{ text: string }, CustomerNote>()

export const NOTE_MAX_LENGTH = 2000

function validateNote({ text }: { text: string }): FieldErrors {
  if (text.trim() === '') return { text: 'Write the note first.' }
  if (text.trim().length > NOTE_MAX_LENGTH) {
    return { text: `Use at most ${NOTE_MAX_LENGTH} characters.` }
  }
  return {}
}

function formatWritten(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat(undefined, {
    timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: STAFF_CLOCK.hourCycle,
  }).format(new Date(iso))
}

/**
 * The team's notes about a client as a timeline, newest first, with a box to add one. Each
 * note says who wrote it and when; its author (and owners and admins) may delete it.
 */
export function CustomerNotes({ customerId, readOnly }: { customerId: string; readOnly: boolean }) {
  const [revision, setRevision] = useState(0)
  const feed = useCursorFeed<CustomerNote, NotesFilter>({
    machine: notesFeed,
    filter: { revision },
    sameFilter: (a, b) => a.revision === b.revision,
    loadPage: ({ cursor }) =>
      loadCustomerNotes(customerId, cursor).then(({ items, nextCursor }) => ({
        items,
        nextCursor,
      })),
  })
  const refresh = () => setRevision((n) => n + 1)

  return (
    <section className="p-form-section" aria-labelledby="customer-notes">
      <h2 id="customer-notes" className="p-form-section__title">
        Notes
      </h2>
      {readOnly ? null : <NoteComposer key={revision} customerId={customerId} onAdded={refresh} />}
      {feed.loading ? (
        <p className="p-muted" role="status">
          Loading the notes…
        </p>
      ) : feed.failure ? (
        <LoadFailedAlert
          title="Couldn’t load the notes"
          message={feed.failure.message}
          onRetry={feed.retry}
        />
      ) : feed.empty ? (
        <p className="p-muted">
          No notes yet.{' '}
          {readOnly
            ? null
            : 'Add what the team should remember: preferences, allergies, what was said.'}
        </p>
      ) : (
        <>
          <ol className="p-note-timeline" aria-label="Notes, newest first">
            {feed.items.map((note) => (
              <NoteItem key={note.id} customerId={customerId} note={note} onDeleted={refresh} />
            ))}
          </ol>
          {feed.moreFailure ? (
            <p className="p-field__error" role="alert">
              {feed.moreFailure.message}
            </p>
          ) : null}
          {feed.hasMore ? (
            <Button className="p-button" onPress={feed.loadMore} isPending={feed.loadingMore}>
              Load older notes
            </Button>
          ) : null}
        </>
      )}
    </section>
  )
}

function NoteComposer({ customerId, onAdded }: { customerId: string; onAdded: () => void }) {
  const toast = useToast()
  const form = useEntityForm<{ text: string }, CustomerNote>({
    machine: noteForm,
    initialValues: { text: '' },
    validate: validateNote,
    save: ({ values }) => addCustomerNote(customerId, values.text.trim()),
    onSaved: () => {
      toast.success('The note was added to the timeline.', 'Note added')
      onAdded()
    },
  })
  return (
    <Form
      className="p-note-composer"
      ref={form.formRef}
      onSubmit={form.onSubmit}
      validationBehavior="aria"
    >
      <FormTextField
        label="New note"
        name="text"
        multiline
        maxLength={NOTE_MAX_LENGTH}
        value={form.values.text}
        onChange={(text) => form.change({ text })}
        error={form.fieldErrors.text}
        description="Only your team sees notes. Each is signed with your name and the time."
      />
      <div className="p-inline-actions">
        <Button type="submit" className="p-button p-button--primary" isPending={form.isSaving}>
          Add note
        </Button>
      </div>
    </Form>
  )
}

function NoteItem({
  customerId,
  note,
  onDeleted,
}: {
  customerId: string
  note: CustomerNote
  onDeleted: () => void
}) {
  const profile = useProfile()
  const toast = useToast()
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const mayDelete =
    profile !== null &&
    (note.author_uid === profile.user.uid || can(profile.permission, 'customers.delete'))

  const remove = async () => {
    setBusy(true)
    setError(null)
    try {
      await deleteCustomerNote(customerId, note.id)
      setConfirming(false)
      toast.success('The note was deleted.', 'Note deleted')
      onDeleted()
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The note could not be deleted.')
    } finally {
      setBusy(false)
    }
  }

  return (
    <li className="p-note">
      <div className="p-note__meta">
        <span>{note.author_name ?? 'A former team member'}</span>
        <time dateTime={note.created_at}>
          {formatWritten(note.created_at, profile?.tenant.time_zone)}
        </time>
        {mayDelete ? (
          <Button
            className="p-button p-button--ghost p-button--small"
            onPress={() => setConfirming(true)}
            aria-label={`Delete the note of ${formatWritten(note.created_at, profile?.tenant.time_zone)}`}
          >
            Delete
          </Button>
        ) : null}
      </div>
      <p className="p-note__text">{note.text}</p>
      <ConfirmDialog
        isOpen={confirming}
        onOpenChange={(open) => {
          if (!busy) setConfirming(open)
        }}
        title="Delete this note?"
        confirmLabel="Delete note"
        onConfirm={remove}
        busy={busy}
        error={error}
      >
        <p>This cannot be undone.</p>
      </ConfirmDialog>
    </li>
  )
}
