import { BENCH_SCENARIOS } from './bench-scenarios.js'
import { BENCH_SYSTEMS } from './bench-systems.js'
import type { BenchReport } from './bench-report.js'
import type { SystemMeasurement } from './measure-system.js'

/** The run as markdown: machine and method, one table per load generator, the ratios against targets, and notes. */
export function formatBenchReport(report: BenchReport): string {
  const { machine: m, settings: s } = report
  const lines: string[] = [
    `# Sluice benchmark, ${report.startedAt}`,
    '',
    `Machine: ${m.cpus} × ${m.cpuModel}, ${m.memoryGb} GB RAM, Linux ${m.kernel}; Node ${m.node}; PostgreSQL ${m.postgres}; ` +
      `autocannon ${m.autocannon}, fastify ${m.fastify}, pg ${m.pg}; wrk: ${m.wrk ?? 'not on PATH'}.`,
    `Method: each system in its own process, one at a time, on 127.0.0.1:${s.port}; ` +
      (s.interleave
        ? `interleaved: ${s.runs} rounds per scenario, each round starting every system afresh for a ${s.warmup} s warm-up and one ${s.duration} s run; `
        : `${s.warmup} s warm-up, then ${s.runs} × ${s.duration} s measured runs per system; `) +
      `${s.connections} connections; median of the runs (min–max alongside). ` +
      `Pool of 10 connections everywhere. Data set: ${report.dataset.authors} authors, ${report.dataset.books} books. ` +
      `CPU columns are % of one core (machine total ${m.cpus * 100}%); a run during which other processes plus hypervisor steal took more than ` +
      `${s.maxForeignCpu}% was repeated (up to ${s.retries} times).` +
      (s.sluiceEntry === undefined
        ? ' Sluice ran from its TypeScript sources through tsx.'
        : ` Sluice ran from the prebuilt ${s.sluiceEntry} (plain node).`),
    '',
  ]
  for (const tool of ['autocannon', 'wrk'] as const) {
    if (!report.measurements.some((x) => x[tool] !== undefined)) continue
    lines.push(`## Results (${tool})`, '')
    lines.push(
      '| Scenario | System | req/s (median) | min–max | p50 ms | p99 ms | non-2xx | errors | RSS MB | B/response | rows | CPU % server / PG | foreign + steal % (max) | loadavg before |',
    )
    lines.push('|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|---:|---|')
    for (const x of report.measurements) {
      const r = x[tool]
      if (r === undefined) continue
      lines.push(
        `| ${scenarioTitle(x)} | ${BENCH_SYSTEMS[x.system].label} | **${int(r.requestsPerSecond)}** | ${int(r.minRequestsPerSecond)}–${int(r.maxRequestsPerSecond)} ` +
          `| ${num(r.latencyP50Ms)} | ${num(r.latencyP99Ms)} | ${r.non2xx} | ${r.errors} | ${x.rssMb ?? '?'} | ${x.check.bytes} | ${x.rowsCheck} ` +
          `| ${r.serverCpu ?? '?'} / ${r.postgresCpu ?? '?'} | ${r.maxForeignCpu ?? '?'} | ${x.loadAverageBefore.join(' ')} |`,
      )
    }
    lines.push('')
  }
  lines.push('## Ratios (Sluice / baseline, median req/s)', '')
  lines.push('| Scenario | Baseline | Tool | Sluice req/s | Baseline req/s | Ratio | Target | Verdict |')
  lines.push('|---|---|---|---:|---:|---:|---:|---|')
  for (const r of report.ratios) {
    const scenario = BENCH_SCENARIOS.find((x) => x.key === r.scenario)?.title ?? r.scenario
    const verdict = r.met === undefined ? 'no target' : r.met ? 'met' : `**missed** (${pct(r.target! - r.ratio)} short)`
    const baseline =
      r.system === 'sluice'
        ? BENCH_SYSTEMS[r.baseline].label
        : `${BENCH_SYSTEMS[r.system].label} / ${BENCH_SYSTEMS[r.baseline].label}`
    lines.push(
      `| ${scenario} | ${baseline} | ${r.tool} | ${int(r.sluiceRequestsPerSecond)} | ${int(r.baselineRequestsPerSecond)} ` +
        `| **${pct(r.ratio)}** | ${r.target === undefined ? '—' : `≥ ${pct(r.target)}`} | ${verdict} |`,
    )
  }
  lines.push('')
  lines.push(...formatNotes(report))
  return lines.join('\n')
}

function formatNotes(report: BenchReport): string[] {
  const lines = ['## Checks', '']
  for (const x of report.measurements) {
    if (x.rowsCheck === 'mismatch') {
      lines.push(
        `- **Rows differ** for ${BENCH_SYSTEMS[x.system].label}, ${x.check.method} ${x.url}: ${x.check.mismatches.join('; ')}`,
      )
    }
    if (x.check.representationNotes.length > 0) {
      lines.push(
        `- ${scenarioTitle(x)}, ${BENCH_SYSTEMS[x.system].label}: same values written differently from the raw pg rows: ${x.check.representationNotes.join('; ')}`,
      )
    }
    if (x.outputBytesUnderLoad > 0)
      lines.push(
        `- ${BENCH_SYSTEMS[x.system].label} wrote ${x.outputBytesUnderLoad} bytes of output under load (${scenarioTitle(x)}).`,
      )
  }
  if (report.measurements.some((x) => BENCH_SCENARIOS.find((s) => s.key === x.scenario)?.write !== undefined)) {
    lines.push(
      '- Write scenarios: each system started on a freshly reloaded table (10,000 books, next id 10,001), every request ' +
        'carried a different body (and, for PATCH, a different id), the check request was the same for every system, and ' +
        'the written rows were removed afterwards. autocannon only: wrk has no request script for the varying bodies.',
    )
  }
  const discarded = report.measurements.reduce((n, x) => n + x.discardedRuns.length, 0)
  if (discarded > 0)
    lines.push(
      `- ${discarded} measured runs were repeated because other processes plus steal took more than ${report.settings.maxForeignCpu}% of a core (kept in the JSON as discardedRuns).`,
    )
  for (const f of report.failures) lines.push(`- **Failed**: ${f.scenario} / ${f.system}: ${f.error}`)
  const compared = report.measurements.filter((x) => x.rowsCheck === 'same').length
  lines.push(
    `- Rows compared with the raw pg rows baseline before measuring: ${compared} same, ` +
      `${report.measurements.filter((x) => x.rowsCheck === 'mismatch').length} different, ` +
      `${report.measurements.filter((x) => x.rowsCheck === 'not-checked').length} not checked.`,
  )
  lines.push(
    `- Exactly one listener on the port before each measurement: ${report.measurements.every((x) => x.listeners?.count === 1) ? 'yes (ss -ltnp)' : 'not verified for every run'}.`,
  )
  const logging = report.logging
  if ('error' in logging) lines.push(`- Per-request logging check failed: ${logging.error}`)
  else {
    lines.push(
      `- Per-request logging (\`${logging.command}\`, default log level): ${logging.linesDuringRequests} lines for ` +
        `${logging.requests} successful requests, ${logging.linesForErrorRequests} for a 404 and a 400; ${logging.startupLines} start-up lines.`,
    )
  }
  const startup = report.startup
  if (startup !== undefined && 'error' in startup) lines.push(`- Start-up measurement failed: ${startup.error}`)
  else if (startup !== undefined) {
    lines.push(
      `- Start-up on a generated ${startup.tables}-table config (config parsed → listening, fresh process each time): median ` +
        `**${int(startup.medianStartupMs)} ms** (target ≤ 1,000 ms; runs ${startup.runs.map((r) => int(r.startupMs)).join(', ')} ms; ` +
        `RSS after ${startup.runs.map((r) => int(r.rssMb)).join(', ')} MB; process up at listening ${int(startup.medianUptimeMs)} ms incl. loading TypeScript sources).`,
    )
  }
  const big = report.bigPage
  if (big !== undefined && 'error' in big) lines.push(`- Large-page measurement failed: ${big.error}`)
  else if (big !== undefined) {
    lines.push(
      `- \`$first=-1\` over ${int(big.rows)} rows: median time to first byte **${big.medianTimeToFirstByteMs.toFixed(1)} ms** (target ≤ 100 ms), ` +
        `server RSS growth **${int(big.medianRssGrowthMb)} MB** (target ≤ 50 MB), whole page ${int(big.medianTotalMs)} ms ` +
        `(runs: ${big.runs.map((r) => `${r.timeToFirstByteMs.toFixed(0)} ms / +${int(r.rssPeakMb - r.rssBeforeMb)} MB`).join(', ')}).`,
    )
  }
  lines.push('')
  return lines
}

function scenarioTitle(x: SystemMeasurement): string {
  return BENCH_SCENARIOS.find((s) => s.key === x.scenario)?.title ?? x.scenario
}

function int(n: number): string {
  return Math.round(n).toLocaleString('en-US')
}

function num(n: number): string {
  return Number.isInteger(n) ? String(n) : n.toFixed(2)
}

function pct(n: number): string {
  return `${(n * 100).toFixed(1)}%`
}
