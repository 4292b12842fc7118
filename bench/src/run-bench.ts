import { mkdirSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { BENCH_SCENARIOS } from './bench-scenarios.js'
import type { BenchReport } from './bench-report.js'
import { readBenchSettings, type BenchSettings } from './bench-settings.js'
import { buildSluiceBundle } from './build-sluice-bundle.js'
import { BENCH_SYSTEMS, type SystemKey } from './bench-systems.js'
import { checkRequestLogging } from './check-request-logging.js'
import { computeRatios } from './compute-ratios.js'
import { formatBenchReport } from './format-bench-report.js'
import { loadDataset } from './load-dataset.js'
import { measureSystem, type SystemMeasurement } from './measure-system.js'
import { mergeMeasurements } from './merge-measurements.js'
import { readMachineInfo } from './read-machine-info.js'
import { findOrInstallWrk } from './run-wrk.js'
import { measureStartup } from './startup/measure-startup.js'
import { renderChart } from './render-chart.js'
import { BIG_ROWS } from './stream/load-big-table.js'
import { measureBigPage } from './stream/measure-big-page.js'
import { TABLE_COUNT } from './startup/load-wide-schema.js'

// `pnpm bench`: loads the data set, measures every scenario against its raw baselines (one server process at a time),
// prints the table and the ratios, and writes JSON + markdown under bench/results/. Not part of `pnpm test`.
const RESULTS_DIR = fileURLToPath(new URL('../results/', import.meta.url))
const log = (line: string): void => void process.stdout.write(`${line}\n`)

const startedAt = new Date().toISOString()
const settings = await resolveSluiceEntry(readBenchSettings())
const scenarios = BENCH_SCENARIOS.filter((s) =>
  settings.scenarios === undefined ? s.optIn !== true : settings.scenarios.includes(s.key),
)
if (scenarios.length === 0)
  throw new Error(`SLUICE_BENCH_SCENARIOS matched none of ${BENCH_SCENARIOS.map((s) => s.key).join(', ')}`)

const dataset = await loadDataset(settings.databaseUrl)
log(`dataset: ${dataset.created ? 'loaded' : 'already loaded'} (${dataset.authors} authors, ${dataset.books} books)`)
const wrk = settings.wrk ? findOrInstallWrk(log) : undefined
const machine = await readMachineInfo(settings.databaseUrl, wrk)
log(
  `machine: ${machine.cpus} × ${machine.cpuModel}, ${machine.memoryGb} GB; Node ${machine.node}; PostgreSQL ${machine.postgres}; wrk ${wrk ?? 'not on PATH (autocannon only)'}`,
)
log(
  `method: ${settings.warmup} s warm-up, ${settings.runs} × ${settings.duration} s, ${settings.connections} connections, port ${settings.port}`,
)

const measurements: SystemMeasurement[] = []
const failures: { scenario: string; system: string; error: string }[] = []
for (const scenario of scenarios) {
  let expected: readonly unknown[] | undefined
  const keys = (Object.keys(scenario.paths) as SystemKey[]).filter(
    (k) => settings.systems === undefined || settings.systems.includes(k),
  )
  const rounds = settings.interleave ? settings.runs : 1
  const parts = new Map<SystemKey, SystemMeasurement[]>()
  for (let round = 1; round <= rounds; round++) {
    for (const key of keys) {
      const system = BENCH_SYSTEMS[key]
      log(`\n[${scenario.key}] ${system.label}${settings.interleave ? ` (round ${round}/${rounds})` : ''}`)
      try {
        if (scenario.write !== undefined) {
          // Every system writes into a freshly loaded table: same rows, same physical layout, next id BOOK_COUNT + 1.
          const started = Date.now()
          await loadDataset(settings.databaseUrl, { reload: true })
          log(`  dataset reloaded before the writes (${Date.now() - started} ms)`)
        }
        const runSettings = settings.interleave ? { ...settings, runs: 1 } : settings
        const measurement = await measureSystem(scenario, system, runSettings, wrk, expected, log)
        if (key === 'pg-rows' || BENCH_SYSTEMS[key].compression === 'none') expected ??= measurement.referenceRows
        parts.set(key, [...(parts.get(key) ?? []), measurement])
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        log(`  FAILED: ${message}`)
        failures.push({ scenario: scenario.key, system: key, error: message })
      }
    }
  }
  for (const key of keys) {
    const list = parts.get(key)
    if (list !== undefined) measurements.push(mergeMeasurements(list))
  }
}
if (scenarios.some((s) => s.write !== undefined)) {
  // Leave the data set as the read scenarios expect it: the written rows go (loadDataset reloads when the table holds
  // anything but the generated rows; the next run checks the same at its start).
  const restored = await loadDataset(settings.databaseUrl)
  log(`\ndataset after the write scenarios: ${restored.created ? 'reloaded' : 'unchanged'} (${restored.books} books)`)
}

log('\nchecking per-request logging of `sluice start`…')
let logging: BenchReport['logging']
try {
  logging = await checkRequestLogging(settings)
} catch (error) {
  logging = { error: error instanceof Error ? error.message : String(error) }
}

let startup: BenchReport['startup']
if (process.env['SLUICE_BENCH_STARTUP'] !== '0') {
  log(`\nstart-up on a generated ${TABLE_COUNT}-table config…`)
  try {
    startup = await measureStartup(settings.databaseUrl, settings.runs, log)
  } catch (error) {
    startup = { error: error instanceof Error ? error.message : String(error) }
  }
}

let bigPage: BenchReport['bigPage']
if (process.env['SLUICE_BENCH_BIG_PAGE'] !== '0') {
  log(`\nlarge page: $first=-1 over ${BIG_ROWS} rows…`)
  try {
    bigPage = await measureBigPage(settings.databaseUrl, settings.port, settings.runs, log)
  } catch (error) {
    bigPage = { error: error instanceof Error ? error.message : String(error) }
  }
}

const report: BenchReport = {
  startedAt,
  finishedAt: new Date().toISOString(),
  settings,
  machine,
  dataset,
  measurements,
  failures,
  ratios: computeRatios(scenarios, measurements),
  logging,
  ...(startup === undefined ? {} : { startup }),
  ...(bigPage === undefined ? {} : { bigPage }),
}
const markdown = formatBenchReport(report)
mkdirSync(RESULTS_DIR, { recursive: true })
const stamp = startedAt.replace(/[:.]/g, '-')
writeFileSync(join(RESULTS_DIR, `bench-${stamp}.json`), `${JSON.stringify(report, null, 2)}\n`)
writeFileSync(join(RESULTS_DIR, `bench-${stamp}.md`), `${markdown}\n`)
writeFileSync(join(RESULTS_DIR, 'latest.md'), `${markdown}\n`)
const chart = renderChart(report)
writeFileSync(join(RESULTS_DIR, `bench-${stamp}.svg`), chart)
writeFileSync(join(RESULTS_DIR, 'latest.svg'), chart)
log(`\n${markdown}`)
for (const r of report.ratios) {
  if (r.tool !== 'autocannon' && r.target === undefined) continue
  const target =
    r.target === undefined ? '(no target)' : `target ≥ ${(r.target * 100).toFixed(0)}%: ${r.met ? 'MET' : 'MISSED'}`
  log(
    `ratio ${r.scenario} [${r.tool}]: ${BENCH_SYSTEMS[r.system].label} / ${BENCH_SYSTEMS[r.baseline].label} = ${(r.ratio * 100).toFixed(1)}% ${target}`,
  )
}
log(`\nresults: ${join(RESULTS_DIR, `bench-${stamp}.json`)} and .md`)
process.exitCode = failures.length > 0 || measurements.some((m) => m.rowsCheck === 'mismatch') ? 1 : 0

/** `bundle` → the freshly built bundle's path; `sources` → undefined (tsx); a path stays as given. */
async function resolveSluiceEntry(settings: BenchSettings): Promise<BenchSettings> {
  if (settings.sluiceEntry === 'sources') return { ...settings, sluiceEntry: undefined }
  if (settings.sluiceEntry !== 'bundle') return settings
  return { ...settings, sluiceEntry: await buildSluiceBundle() }
}
