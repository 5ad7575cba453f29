import { type ReactNode, useId, useState } from 'react'
import { ToggleButton } from 'react-aria-components'
import { useToast } from '../../app/toast-context'
import { PendingButton } from '../../components/form/pending-button'
import { saveBlob } from '../../components/save-blob'
import type { DayRange } from '../../domain/day-range'
import { fetchInsightsCsv, type InsightsChart, insightsFileName } from './api'

export interface FigureTable {
  columns: readonly string[]
  rows: readonly { key: string; cells: readonly ReactNode[] }[]
}

/**
 * One chart of Insights: its title and what it counts, the chart or (toggled) the same figures
 * as a table, and the chart's CSV. `chart` is absent when a chart has nothing to draw.
 */
export function ChartCard({
  title,
  description,
  csv,
  range,
  table,
  chart,
  tableFirst = false,
}: {
  title: string
  description: ReactNode
  csv: InsightsChart
  range: DayRange
  table: FigureTable
  chart?: ReactNode
  /** The table is the chart (the heat map): no toggle. */
  tableFirst?: boolean
}) {
  const headingId = useId()
  const [asTable, setAsTable] = useState(false)
  const toast = useToast()
  const [exporting, setExporting] = useState(false)
  const exportCsv = async () => {
    setExporting(true)
    try {
      saveBlob(await fetchInsightsCsv(range, csv), insightsFileName(range, csv))
      toast.success('Your CSV file is downloading.', `${title} exported`)
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export failed.')
    } finally {
      setExporting(false)
    }
  }
  const showTable = tableFirst || asTable || !chart
  return (
    <section className="p-card p-insights-chart" aria-labelledby={headingId}>
      <header className="p-insights-chart__header">
        <div>
          <h2 id={headingId} className="p-insights-chart__title">
            {title}
          </h2>
          <p className="p-insights-chart__description">{description}</p>
        </div>
        <div className="p-insights-chart__actions">
          {!tableFirst && chart ? (
            <ToggleButton
              className="p-button p-button--small p-button--ghost"
              isSelected={asTable}
              onChange={setAsTable}
            >
              Show as table
            </ToggleButton>
          ) : null}
          <PendingButton
            className="p-button p-button--small"
            onPress={exportCsv}
            isPending={exporting}
          >
            Export CSV
          </PendingButton>
        </div>
      </header>
      {showTable ? <FiguresTable caption={title} table={table} /> : chart}
    </section>
  )
}

function FiguresTable({ caption, table }: { caption: string; table: FigureTable }) {
  return (
    // A table wider than a phone scrolls sideways: its region is a tab stop for the keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: axe asks a scrolling region to be reachable
    <section className="p-table-wrap" tabIndex={0} aria-label={`${caption}, table`}>
      <table className="p-table p-insights-table">
        <caption className="p-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.columns.map((column, index) => (
              <th
                key={column}
                scope="col"
                className={index > 0 ? 'p-insights-table__number' : undefined}
              >
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                index === 0 ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have a fixed position
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: cells have a fixed position
                  <td key={index} className="p-insights-table__number">
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
