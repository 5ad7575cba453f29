import { Button, Checkbox } from 'react-aria-components'
import { Link } from 'wouter'
import { PendingButton } from '../../../components/form/pending-button'
import { COLUMN_TARGET_LABELS } from '../../../domain/customer-import-columns'
import type { CustomerImportReport } from '../../../machines/customer-import.machine'

type RowResult = CustomerImportReport['rows'][number]

// Enough to read through on a screen; the full list of rows with errors is the download.
const ROWS_SHOWN = 200

const OUTCOME_LABELS: Record<RowResult['outcome'], { label: string; badge: string }> = {
  create: { label: 'New', badge: 'p-badge--success' },
  merge: { label: 'Merge', badge: 'p-badge--info' },
  skip: { label: 'Skip', badge: 'p-badge--warn' },
  error: { label: 'Error', badge: 'p-badge--danger' },
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString()} ${count === 1 ? one : many}`

/** What a row does, in a sentence: its errors, or what it matched. */
function detailOf(row: RowResult): string {
  if (row.errors.length > 0) {
    return row.errors
      .map((error) => `${COLUMN_TARGET_LABELS[error.field]} ${error.message}`)
      .join('; ')
  }
  const match = row.matched
  if (!match) return ''
  const who =
    match.row !== null && match.row !== undefined
      ? `row ${match.row} (${match.customer_name})`
      : match.customer_name
  const by = match.by === 'email' ? 'e-mail' : 'phone'
  if (row.outcome === 'skip') return `Same ${by} as ${who}`
  const fields = (row.changed_fields ?? []).map((field) =>
    COLUMN_TARGET_LABELS[field].toLowerCase(),
  )
  return `Same ${by} as ${who}: ${fields.length > 0 ? `adds ${fields.join(', ')}` : 'nothing new'}`
}

/** The counts of a report as a list a screen reader reads as such. */
export function ImportCounts({ report }: { report: CustomerImportReport }) {
  const { counts } = report
  const verb = report.dry_run
    ? { created: 'to add', merged: 'to merge', skipped: 'to skip' }
    : { created: 'added', merged: 'merged', skipped: 'skipped' }
  return (
    <ul className="p-import-counts">
      <li>
        <strong>{counts.created.toLocaleString()}</strong> {verb.created}
      </li>
      <li>
        <strong>{counts.merged.toLocaleString()}</strong> {verb.merged}
      </li>
      <li>
        <strong>{counts.skipped.toLocaleString()}</strong> {verb.skipped}
      </li>
      <li>
        <strong>{counts.errors.toLocaleString()}</strong> with errors
      </li>
    </ul>
  )
}

/**
 * Step 3: the dry run's report, what each row would do (new rows are only counted; errors,
 * merges and skips are listed), the rows with errors to download, and the import itself.
 */
export function ReportStep({
  report,
  skipInvalidRows,
  busy,
  error,
  onDownloadErrors,
  send,
}: {
  report: CustomerImportReport
  skipInvalidRows: boolean
  busy: boolean
  error: string | null
  onDownloadErrors: () => void
  send: (
    event:
      | { type: 'import.skipInvalidChosen'; skip: boolean }
      | { type: 'import.confirm' }
      | { type: 'import.edit' },
  ) => void
}) {
  const { counts } = report
  const listed = report.rows.filter((row) => row.outcome !== 'create')
  const writes = counts.created + counts.merged
  const blocked = counts.errors > 0 && !skipInvalidRows

  return (
    <div className="p-stack">
      <section className="p-card p-stack-sm" aria-labelledby="import-check-title">
        <h2 id="import-check-title">What the import will do</h2>
        <ImportCounts report={report} />
        <p className="p-muted">
          Phone numbers are stored in international format
          {report.default_region
            ? `; those without a country code were read as ${report.default_region} numbers`
            : ''}
          .
        </p>
      </section>

      {listed.length > 0 ? (
        <section className="p-card p-stack-sm" aria-labelledby="import-rows-title">
          <h2 id="import-rows-title">Rows to look at</h2>
          <div className="p-table-wrap">
            <table className="p-table p-import-rows">
              <thead>
                <tr>
                  <th scope="col">Row</th>
                  <th scope="col">Outcome</th>
                  <th scope="col">Customer</th>
                  <th scope="col">Details</th>
                </tr>
              </thead>
              <tbody>
                {listed.slice(0, ROWS_SHOWN).map((row) => (
                  <tr key={row.row}>
                    <td>{row.row}</td>
                    <td>
                      <span className={`p-badge ${OUTCOME_LABELS[row.outcome].badge}`}>
                        {OUTCOME_LABELS[row.outcome].label}
                      </span>
                    </td>
                    <td>
                      <span className="p-table__primary">{row.name ?? '—'}</span>
                      <span className="p-table__secondary">
                        {[row.email, row.phone].filter(Boolean).join(' · ')}
                      </span>
                    </td>
                    <td>{detailOf(row)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {listed.length > ROWS_SHOWN ? (
            <p className="p-muted">
              The first {ROWS_SHOWN} of {listed.length.toLocaleString()} rows are shown.
            </p>
          ) : null}
        </section>
      ) : null}

      {counts.errors > 0 ? (
        <section className="p-card p-stack-sm" aria-labelledby="import-errors-title">
          <h2 id="import-errors-title">
            {plural(counts.errors, 'row has errors', 'rows have errors')}
          </h2>
          <p className="p-muted">
            Fix them in your file and check it again, or import the other rows without them.
          </p>
          <div className="p-row">
            <Button className="p-button" onPress={onDownloadErrors}>
              Download the rows with errors
            </Button>
          </div>
          <Checkbox
            className="p-checkbox"
            isSelected={skipInvalidRows}
            isDisabled={busy}
            onChange={(skip) => send({ type: 'import.skipInvalidChosen', skip })}
          >
            {({ isSelected }) => (
              <>
                <span className="p-checkbox__box" aria-hidden="true">
                  {isSelected ? '✓' : ''}
                </span>
                Leave out the {plural(counts.errors, 'row', 'rows')} with errors
              </>
            )}
          </Checkbox>
        </section>
      ) : null}

      {error ? (
        <div className="p-alert" role="alert">
          {error}
        </div>
      ) : null}
      {writes === 0 ? (
        <p className="p-alert" role="status">
          There is nothing to import: every row is a duplicate or has errors.
        </p>
      ) : null}
      <div className="p-row">
        <PendingButton
          className="p-button p-button--primary"
          isDisabled={writes === 0 || blocked || busy}
          isPending={busy}
          onPress={() => send({ type: 'import.confirm' })}
        >
          {busy ? 'Importing…' : `Import ${plural(writes, 'customer row', 'customer rows')}`}
        </PendingButton>
        <Button
          className="p-button"
          isDisabled={busy}
          onPress={() => send({ type: 'import.edit' })}
        >
          Change the mapping
        </Button>
      </div>
    </div>
  )
}

/** Step 4: what was imported, and where to see it. */
export function DoneStep({
  report,
  onRestart,
}: {
  report: CustomerImportReport
  onRestart: () => void
}) {
  return (
    <section className="p-card p-stack-sm" aria-labelledby="import-done-title">
      <h2 id="import-done-title">Imported</h2>
      <ImportCounts report={report} />
      <p className="p-muted">The import is in the activity log.</p>
      <div className="p-row">
        <Link href="/customers" className="p-button p-button--primary">
          See your customers
        </Link>
        <Button className="p-button" onPress={onRestart}>
          Import another file
        </Button>
      </div>
    </section>
  )
}
