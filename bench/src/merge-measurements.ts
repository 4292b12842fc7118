import type { SystemMeasurement } from './measure-system.js'
import { summarizeRuns } from './summarize-runs.js'

const ROWS_CHECK_RANK = { mismatch: 0, 'not-checked': 1, same: 2, reference: 3, 'n/a': 4 } as const

/**
 * One measurement from several starts of the same system (interleaved mode): the runs are pooled and summarized
 * again; the worst row check, the largest RSS and any odd listener report win.
 */
export function mergeMeasurements(parts: readonly SystemMeasurement[]): SystemMeasurement {
  const [first, ...rest] = parts
  if (first === undefined) throw new Error('nothing to merge')
  if (rest.length === 0) return first
  const autocannonRuns = parts.flatMap((p) => p.autocannonRuns)
  const wrkRuns = parts.flatMap((p) => p.wrkRuns)
  const worst = [...parts].sort((a, b) => ROWS_CHECK_RANK[a.rowsCheck] - ROWS_CHECK_RANK[b.rowsCheck])[0] ?? first
  const rss = parts.map((p) => p.rssMb).filter((n): n is number => n !== undefined)
  return {
    ...first,
    check: worst.check,
    rowsCheck: worst.rowsCheck,
    listeners: parts.find((p) => p.listeners?.count !== 1)?.listeners ?? first.listeners,
    loadAverageAfter: parts[parts.length - 1]?.loadAverageAfter ?? first.loadAverageAfter,
    autocannonRuns,
    wrkRuns,
    discardedRuns: parts.flatMap((p) => p.discardedRuns),
    autocannon: summarizeRuns(autocannonRuns),
    wrk: summarizeRuns(wrkRuns),
    rssMb: rss.length === 0 ? undefined : Math.max(...rss),
    outputBytesUnderLoad: parts.reduce((n, p) => n + p.outputBytesUnderLoad, 0),
  }
}
