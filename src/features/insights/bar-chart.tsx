import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  type ChartConfiguration,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'
import { useEffect, useRef } from 'react'

// Only what the bar charts draw, so the bundle carries no other controller (tree shaken).
Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip)

export interface BarSeries {
  label: string
  values: readonly number[]
  /** A CSS custom property of the theme (`--p-primary-color`): the chart follows dark mode. */
  colourVariable: string
}

/** A theme colour as the canvas needs it: read from the root's custom properties now. */
function themeColour(variable: string): string {
  return getComputedStyle(document.documentElement).getPropertyValue(variable).trim() || '#888'
}

function configuration(
  labels: readonly string[],
  series: readonly BarSeries[],
  formatValue: (value: number) => string,
  horizontal: boolean,
  wholeNumbers: boolean,
): ChartConfiguration<'bar'> {
  const text = themeColour('--p-text-muted-color')
  const grid = themeColour('--p-surface-border')
  const valueAxis = {
    beginAtZero: true,
    // Counts step by whole numbers (no "1, 1, 2" ticks); rates keep Chart.js's own steps.
    ticks: {
      color: text,
      precision: wholeNumbers ? 0 : undefined,
      callback: (value: string | number) => formatValue(Number(value)),
    },
    grid: { color: grid },
  }
  const labelAxis = { ticks: { color: text }, grid: { display: false } }
  return {
    type: 'bar',
    data: {
      labels: [...labels],
      datasets: series.map((one) => ({
        label: one.label,
        data: [...one.values],
        backgroundColor: themeColour(one.colourVariable),
        borderRadius: 4,
        maxBarThickness: 28,
      })),
    },
    options: {
      indexAxis: horizontal ? 'y' : 'x',
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: horizontal ? { x: valueAxis, y: labelAxis } : { x: labelAxis, y: valueAxis },
      plugins: {
        legend: { labels: { color: text, boxWidth: 12 } },
        tooltip: {
          callbacks: {
            label: (item) =>
              `${item.dataset.label}: ${formatValue(item.parsed[horizontal ? 'x' : 'y'] ?? 0)}`,
          },
        },
      },
    },
  }
}

/**
 * A bar chart on a canvas, an image to assistive technology (`summary` says what it shows; the
 * card's table has the figures). Drawn again only when its figures change, and when the theme
 * class on the root changes, so dark mode is dark.
 */
export function BarChart({
  summary,
  labels,
  series,
  formatValue,
  horizontal = false,
  wholeNumbers = false,
}: {
  summary: string
  labels: readonly string[]
  series: readonly BarSeries[]
  formatValue: (value: number) => string
  horizontal?: boolean
  /** The values are counts: ticks at whole numbers only. */
  wholeNumbers?: boolean
}) {
  const canvas = useRef<HTMLCanvasElement>(null)
  const drawn = JSON.stringify([labels, series, horizontal, wholeNumbers])
  const format = useRef(formatValue)
  format.current = formatValue
  // biome-ignore lint/correctness/useExhaustiveDependencies: `drawn` stands for the figures
  useEffect(() => {
    const element = canvas.current
    if (!element) return
    const draw = () =>
      new Chart(
        element,
        configuration(labels, series, (v) => format.current(v), horizontal, wholeNumbers),
      )
    let chart = draw()
    const themeWatch = new MutationObserver(() => {
      chart.destroy()
      chart = draw()
    })
    themeWatch.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] })
    return () => {
      themeWatch.disconnect()
      chart.destroy()
    }
  }, [drawn])
  const height = horizontal ? Math.max(160, labels.length * 44 + 60) : 260
  return (
    <div className="p-insights-chart__canvas" style={{ height }}>
      <canvas ref={canvas} role="img" aria-label={summary} />
    </div>
  )
}
