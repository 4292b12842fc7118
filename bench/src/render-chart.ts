import type { BenchReport } from './bench-report.js'
import { BENCH_SCENARIOS } from './bench-scenarios.js'
import { isSluice } from './bench-systems.js'

const WIDTH = 900
const LABEL_WIDTH = 260
const BAR_HEIGHT = 18
const GAP = 4
const TITLE_HEIGHT = 26

/**
 * A bar chart of one harness run as SVG text: one group per scenario, one bar per system (median req/s, wrk where it
 * ran, else autocannon), bars scaled per scenario so each group reads at a glance; Sluice's bars stand out.
 */
export function renderChart(report: BenchReport): string {
  const parts: string[] = []
  let y = 40
  for (const scenario of BENCH_SCENARIOS) {
    const rows = report.measurements
      .filter((m) => m.scenario === scenario.key)
      .map((m) => ({
        label: m.label,
        system: m.system,
        rps: (m.wrk ?? m.autocannon)?.requestsPerSecond,
        tool: m.wrk === undefined ? 'ac' : 'wrk',
      }))
      .filter((r): r is typeof r & { rps: number } => r.rps !== undefined)
    if (rows.length === 0) continue
    const max = Math.max(...rows.map((r) => r.rps))
    parts.push(`<text x="10" y="${y + 16}" font-weight="bold">${escape(scenario.title)}</text>`)
    y += TITLE_HEIGHT
    for (const row of rows) {
      const width = Math.max(1, Math.round(((WIDTH - LABEL_WIDTH - 90) * row.rps) / max))
      const fill = isSluice(row.system)
        ? '#1f77b4'
        : row.system === 'platformatic' || row.system === 'postgraphile'
          ? '#d62728'
          : '#999999'
      parts.push(`<text x="${LABEL_WIDTH - 6}" y="${y + 13}" text-anchor="end">${escape(row.label)}</text>`)
      parts.push(`<rect x="${LABEL_WIDTH}" y="${y}" width="${width}" height="${BAR_HEIGHT}" fill="${fill}"/>`)
      parts.push(
        `<text x="${LABEL_WIDTH + width + 6}" y="${y + 13}">${Math.round(row.rps).toLocaleString('en-US')} (${row.tool})</text>`,
      )
      y += BAR_HEIGHT + GAP
    }
    y += 10
  }
  const height = y + 30
  const legend = `<text x="10" y="${height - 10}" fill="#555">median req/s, 50 connections; blue: Sluice, red: peers, grey: raw baselines. ${escape(report.machine.cpus + ' × ' + report.machine.cpuModel)}, ${escape(report.startedAt)}</text>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" font-family="sans-serif" font-size="12">
<rect width="100%" height="100%" fill="white"/>
<text x="10" y="22" font-size="16" font-weight="bold">Sluice benchmark: throughput per scenario</text>
${parts.join('\n')}
${legend}
</svg>
`
}

function escape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}
