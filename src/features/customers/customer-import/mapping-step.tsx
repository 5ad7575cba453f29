import { getCountries } from 'libphonenumber-js/min'
import { useMemo } from 'react'
import { Button } from 'react-aria-components'
import { PendingButton } from '../../../components/form/pending-button'
import { FormRadioGroupField } from '../../../components/form/radio-group-field'
import { FormSelectField } from '../../../components/form/select-field'
import {
  COLUMN_TARGET_LABELS,
  COLUMN_TARGETS,
  type ColumnMapping,
  type ColumnTarget,
  FILE_SOURCE_NAMES,
  type FileSource,
  mappingProblem,
} from '../../../domain/customer-import-columns'
import { importRowsOf, type ParsedFile } from '../../../domain/customer-import-rows'
import type { DuplicateChoice } from '../../../machines/customer-import.machine'

const PREVIEW_ROWS = 5
const BUSINESS_REGION = 'business'

const DUPLICATE_CHOICES: { id: DuplicateChoice; label: string }[] = [
  { id: 'skip', label: 'Skip the row' },
  { id: 'fill', label: 'Fill in empty fields' },
  { id: 'update', label: 'Update with the file’s values' },
]

/** Every country the phone numbering knows, by name in the reader's language. */
function regionOptions(): { id: string; label: string }[] {
  const names = new Intl.DisplayNames(undefined, { type: 'region' })
  return getCountries()
    .map((code) => ({ id: code, label: names.of(code) ?? code }))
    .sort((a, b) => a.label.localeCompare(b.label))
}

/** The first non-empty cell of a column, to show what it holds. */
function exampleOf(file: ParsedFile, column: number): string {
  for (const record of file.records.slice(0, 50)) {
    const cell = record[column]?.trim()
    if (cell) return cell.length > 40 ? `${cell.slice(0, 39)}…` : cell
  }
  return ''
}

/**
 * Step 2: what each column of the file is (recognised from its header, changeable), a preview
 * of the first rows as they will be read, what to do with a customer who is already there,
 * and where phone numbers without a country code are from.
 */
export function MappingStep({
  file,
  source,
  mapping,
  onDuplicate,
  region,
  busy,
  error,
  send,
}: {
  file: ParsedFile
  source: FileSource | null
  mapping: ColumnMapping
  onDuplicate: DuplicateChoice
  region: string | null
  busy: boolean
  error: string | null
  send: (
    event:
      | { type: 'import.columnMapped'; column: number; target: ColumnTarget }
      | { type: 'import.duplicatesChosen'; choice: DuplicateChoice }
      | { type: 'import.regionChosen'; region: string | null }
      | { type: 'import.check' }
      | { type: 'import.restart' },
  ) => void
}) {
  const regions = useMemo(regionOptions, [])
  const preview = useMemo(
    () => importRowsOf(file.records.slice(0, PREVIEW_ROWS + 5), mapping).slice(0, PREVIEW_ROWS),
    [file, mapping],
  )
  const rowCount = useMemo(
    () => file.records.filter((record) => record.some((cell) => cell.trim() !== '')).length,
    [file],
  )
  const problem = mappingProblem(mapping)
  const targetOptions = COLUMN_TARGETS.map((id) => ({ id, label: COLUMN_TARGET_LABELS[id] }))

  return (
    <div className="p-stack">
      <p>
        <strong>{file.fileName}</strong>: {rowCount.toLocaleString()}{' '}
        {rowCount === 1 ? 'row' : 'rows'}
        {source && source !== 'plain'
          ? `, recognised as a ${FILE_SOURCE_NAMES[source]} export`
          : ''}
        .
      </p>

      <section className="p-card p-stack-sm" aria-labelledby="import-columns-title">
        <h2 id="import-columns-title">Columns</h2>
        <p className="p-muted">Choose what each column of your file holds.</p>
        <ul className="p-import-columns">
          {file.headers.map((header, column) => (
            // Columns are positions in the file: the index is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={column} className="p-import-columns__row">
              <div className="p-import-columns__header">
                <span className="p-import-columns__name">{header || `Column ${column + 1}`}</span>
                <span className="p-muted p-import-columns__example">
                  {exampleOf(file, column) || 'empty'}
                </span>
              </div>
              <FormSelectField
                label={`Import “${header || `Column ${column + 1}`}” as`}
                name={`column-${column}`}
                className="p-import-columns__target"
                value={mapping[column] ?? 'ignore'}
                options={targetOptions}
                onChange={(target) => send({ type: 'import.columnMapped', column, target })}
              />
            </li>
          ))}
        </ul>
        {problem ? (
          <p className="p-alert" role="status">
            {problem}
          </p>
        ) : null}
      </section>

      <section className="p-card p-stack-sm" aria-labelledby="import-preview-title">
        <h2 id="import-preview-title">Preview</h2>
        <div className="p-table-wrap">
          <table className="p-table">
            <caption className="p-visually-hidden">The first rows as they will be read</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Name</th>
                <th scope="col">E-mail</th>
                <th scope="col">Phone</th>
                <th scope="col">Tags</th>
              </tr>
            </thead>
            <tbody>
              {preview.map((row) => (
                <tr key={row.row}>
                  <td>{row.row}</td>
                  <td>
                    {row.name ?? ([row.first_name, row.last_name].filter(Boolean).join(' ') || '—')}
                  </td>
                  <td>{row.email ?? '—'}</td>
                  <td>{row.phone ?? '—'}</td>
                  <td>{row.tags ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="p-card p-stack-sm" aria-labelledby="import-options-title">
        <h2 id="import-options-title">Options</h2>
        <FormRadioGroupField
          label="When a customer is already there (same e-mail or phone)"
          name="on_duplicate"
          value={onDuplicate}
          options={DUPLICATE_CHOICES}
          onChange={(choice) => send({ type: 'import.duplicatesChosen', choice })}
          description="Tags from the file are added either way; marketing consent changes only with “Update”."
        />
        <FormSelectField
          label="Phone numbers without a country code are from"
          name="default_region"
          value={region ?? BUSINESS_REGION}
          options={[{ id: BUSINESS_REGION, label: 'Your business’s country' }, ...regions]}
          onChange={(id) =>
            send({ type: 'import.regionChosen', region: id === BUSINESS_REGION ? null : id })
          }
        />
      </section>

      {error ? (
        <div className="p-alert" role="alert">
          {error}
        </div>
      ) : null}
      <div className="p-row">
        <PendingButton
          className="p-button p-button--primary"
          isDisabled={problem !== undefined || busy}
          isPending={busy}
          onPress={() => send({ type: 'import.check' })}
        >
          {busy ? 'Checking…' : 'Check the file'}
        </PendingButton>
        <Button
          className="p-button"
          isDisabled={busy}
          onPress={() => send({ type: 'import.restart' })}
        >
          Choose another file
        </Button>
      </div>
    </div>
  )
}
