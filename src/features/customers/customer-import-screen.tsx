import { saveBlob } from '../../components/save-blob'
import './customer-import/customer-import.css'
import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import { useToast } from '../../app/toast-context'
import { FileStep } from './customer-import/file-step'
import { errorReportCsv, errorReportName } from './customer-import/import-file'
import { MappingStep } from './customer-import/mapping-step'
import { DoneStep, ReportStep } from './customer-import/report-step'
import { createCustomerImportLogic } from './effects'

const STEP_TITLES = {
  choose: 'Step 1 of 3: choose a file',
  map: 'Step 2 of 3: match the columns',
  review: 'Step 3 of 3: check and import',
  done: 'Done',
} as const

/**
 * /customers/import: a CSV file of customers from another tool, its columns matched to ours,
 * checked row by row on the server (a dry run), then imported in one go.
 */
export function CustomerImportScreen() {
  const toast = useToast()
  const [logic] = useState(() =>
    createCustomerImportLogic(({ counts }) =>
      toast.success(
        `${counts.created.toLocaleString()} added, ${counts.merged.toLocaleString()} merged.`,
        'Customers imported',
      ),
    ),
  )
  const actor = useActorRef(logic)
  const step = useSelector(actor, (s) =>
    s.matches('choosing') || s.matches('reading')
      ? 'choose'
      : s.matches('mapping') || s.matches('checking')
        ? 'map'
        : s.matches('done')
          ? 'done'
          : 'review',
  )
  const busy = useSelector(actor, (s) => s.hasTag('busy'))
  const error = useSelector(actor, (s) => s.context.error)
  const file = useSelector(actor, (s) => s.context.file)
  const source = useSelector(actor, (s) => s.context.source)
  const mapping = useSelector(actor, (s) => s.context.mapping)
  const onDuplicate = useSelector(actor, (s) => s.context.onDuplicate)
  const region = useSelector(actor, (s) => s.context.region)
  const report = useSelector(actor, (s) => s.context.report)
  const skipInvalidRows = useSelector(actor, (s) => s.context.skipInvalidRows)

  // Each step starts at its heading, so keyboard and screen-reader users land on what changed.
  const headingRef = useRef<HTMLHeadingElement>(null)
  const shownStep = useRef(step)
  useEffect(() => {
    if (shownStep.current === step) return
    shownStep.current = step
    headingRef.current?.focus()
  }, [step])

  return (
    <div className="p-stack p-import">
      <h2 ref={headingRef} tabIndex={-1} className="p-import__step">
        {STEP_TITLES[step]}
      </h2>
      {step === 'choose' ? (
        <FileStep
          busy={busy}
          error={error}
          onFile={(chosen) => actor.send({ type: 'import.fileChosen', file: chosen })}
        />
      ) : null}
      {step === 'map' && file ? (
        <MappingStep
          file={file}
          source={source}
          mapping={mapping}
          onDuplicate={onDuplicate}
          region={region}
          busy={busy}
          error={error}
          send={actor.send}
        />
      ) : null}
      {step === 'review' && file && report ? (
        <ReportStep
          report={report}
          skipInvalidRows={skipInvalidRows}
          busy={busy}
          error={error}
          onDownloadErrors={() =>
            saveBlob(
              new Blob([errorReportCsv(file, report)], { type: 'text/csv;charset=utf-8' }),
              errorReportName(file.fileName),
            )
          }
          send={actor.send}
        />
      ) : null}
      {step === 'done' && report ? (
        <DoneStep report={report} onRestart={() => actor.send({ type: 'import.restart' })} />
      ) : null}
    </div>
  )
}
