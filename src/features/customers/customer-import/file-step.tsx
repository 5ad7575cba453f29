import type { DropItem, FileDropItem } from 'react-aria-components'
import { DropZone, FileTrigger, Text } from 'react-aria-components'
import { PendingButton } from '../../../components/form/pending-button'
import { FILE_SOURCE_NAMES } from '../../../domain/customer-import-columns'

const SOURCES = ['fresha', 'square', 'calendly', 'acuity'] as const

function isFile(item: DropItem): item is FileDropItem {
  return item.kind === 'file'
}

/**
 * Step 1: a CSV file, dropped on the zone or chosen with the button (the keyboard's and screen
 * reader's way in: the zone itself is only for a mouse or touch drag).
 */
export function FileStep({
  busy,
  error,
  onFile,
}: {
  busy: boolean
  error: string | null
  onFile: (file: File) => void
}) {
  return (
    <div className="p-stack">
      <DropZone
        className="p-import-drop"
        aria-label="Drop a CSV file here"
        isDisabled={busy}
        onDrop={async (event) => {
          const item = event.items.find(isFile)
          if (item) onFile(await item.getFile())
        }}
      >
        <Text slot="label" className="p-import-drop__title">
          {busy ? 'Reading the file…' : 'Drop a CSV file here'}
        </Text>
        <p className="p-muted">
          Exports from {SOURCES.map((source) => FILE_SOURCE_NAMES[source]).join(', ')} are
          recognised as they are; any file with a name column works, with e-mail and phone columns
          if you have them.
        </p>
        <FileTrigger
          acceptedFileTypes={['.csv', 'text/csv', '.txt', 'text/plain']}
          onSelect={(files) => {
            const file = files?.[0]
            if (file) onFile(file)
          }}
        >
          <PendingButton className="p-button p-button--primary" isDisabled={busy} isPending={busy}>
            Choose a file
          </PendingButton>
        </FileTrigger>
      </DropZone>
      {error ? (
        <div className="p-alert" role="alert">
          {error}
        </div>
      ) : null}
      <p className="p-muted p-import-hint">
        Nothing is saved until you have checked what the file will do and confirmed it.
      </p>
    </div>
  )
}
