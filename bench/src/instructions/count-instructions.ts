import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BENCH_SCENARIOS, scenarioRequest, type BenchScenario } from '../bench-scenarios.js'
import { BENCH_SYSTEMS, type SystemKey } from '../bench-systems.js'
import { readBenchSettings } from '../bench-settings.js'
import { buildSluiceBundle } from '../build-sluice-bundle.js'
import { findOnPath, findOrInstallTool } from '../find-or-install-tool.js'
import { loadDataset } from '../load-dataset.js'
import { waitUntilReady } from '../wait-until-ready.js'
import { bundleServerScript } from './bundle-server-script.js'
import { startUnderCallgrind, type CallgrindEvents } from './callgrind-server.js'
import { runRequestAmount, type AmountRequest } from './run-request-amount.js'

// `pnpm bench:instructions [scenario …]` (default: by-key list patch): user-space instructions per request, counted by
// valgrind's callgrind, for Sluice and the raw baselines under the same concurrent load. Unlike req/s on a shared VM,
// the count repeats within a few percent whatever else the machine does; it says how much work each server does per
// request, not how fast the CPU runs it (cache misses and kernel time are not in it). See docs/benchmarks.md.
const RESULTS = fileURLToPath(new URL('../../results/', import.meta.url))
const SYSTEMS: readonly SystemKey[] = ['pg-rows', 'pg-json-agg', 'sluice']
const settings = readBenchSettings()
const warmup = Number(process.env['SLUICE_BENCH_IC_WARMUP'] ?? 20_000)
const windows = Number(process.env['SLUICE_BENCH_IC_WINDOWS'] ?? 5)
const perWindow = Number(process.env['SLUICE_BENCH_IC_REQUESTS'] ?? 3000)
// L1 cache misses beside the instructions (callgrind simulates the caches; about twice as slow again).
const cacheSim = process.env['SLUICE_BENCH_IC_CACHE_SIM'] === '1'
// Keep callgrind's dumps (one per window) to read with callgrind_annotate: which functions a window spent its
// instructions in (V8's own C++ is named; code V8 generated appears as addresses).
const keepDumps = process.env['SLUICE_BENCH_IC_KEEP_DUMPS'] === '1'
/** The simulated misses reported per request: L1 instruction, L1 data read, L1 data write. */
const MISSES = ['I1mr', 'D1mr', 'D1mw'] as const
const keys = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['by-key', 'list', 'patch']
const log = (line: string): void => {
  process.stdout.write(`${line}\n`)
}

const valgrind = findOrInstallTool('valgrind', 'valgrind', log)
if (valgrind === undefined || findOnPath('callgrind_control') === undefined)
  throw new Error('valgrind (with callgrind_control) is needed: apt-get install valgrind')
await loadDataset(settings.databaseUrl)
const bundles = new Map<SystemKey, string>()
const bundleOf = async (system: SystemKey): Promise<string> => {
  const known = bundles.get(system)
  if (known !== undefined) return known
  const made = system === 'sluice' ? await buildSluiceBundle() : await bundleServerScript(BENCH_SYSTEMS[system].script!)
  bundles.set(system, made)
  return made
}

interface Count {
  readonly scenario: string
  readonly system: SystemKey
  /** Each window's counters, per request. */
  readonly perRequest: readonly CallgrindEvents[]
  /** The window with the median instruction count. */
  readonly median: CallgrindEvents
}
const counts: Count[] = []
for (const key of keys) {
  const scenario = BENCH_SCENARIOS.find((s) => s.key === key)
  if (scenario === undefined)
    throw new Error(`no scenario '${key}' (have: ${BENCH_SCENARIOS.map((s) => s.key).join(', ')})`)
  for (const system of SYSTEMS.filter(
    (s) => scenario.paths[s] !== undefined && (settings.systems === undefined || settings.systems.includes(s)),
  )) {
    if (scenario.write !== undefined) await loadDataset(settings.databaseUrl, { reload: true })
    const perRequest = await countSystem(scenario, system, await bundleOf(system))
    const median = [...perRequest].sort((a, b) => ir(a) - ir(b))[Math.floor(perRequest.length / 2)]!
    counts.push({ scenario: key, system, perRequest, median })
    log(
      `[${key}] ${BENCH_SYSTEMS[system].label}: ${format(ir(median))} instructions per request (windows: ${perRequest.map((w) => format(ir(w))).join(', ')})` +
        (cacheSim
          ? `; L1 misses in that window (instruction, data read, data write): ${MISSES.map((m) => format(median[m] ?? 0)).join(', ')}`
          : ''),
    )
  }
}
if (keys.some((k) => BENCH_SCENARIOS.find((s) => s.key === k)?.write !== undefined))
  await loadDataset(settings.databaseUrl, { reload: true })
report()

/** Starts `system` under callgrind, warms it up, then counts `windows` windows of `perWindow` requests each. */
async function countSystem(scenario: BenchScenario, system: SystemKey, bundle: string): Promise<CallgrindEvents[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-callgrind-'))
  const origin = `http://127.0.0.1:${settings.port}`
  const server = startUnderCallgrind(
    valgrind!,
    bundle,
    { SLUICE_BENCH_PORT: String(settings.port), SLUICE_BENCH_DATABASE_URL: settings.databaseUrl },
    dir,
    cacheSim,
  )
  try {
    // Node starts about forty times slower under valgrind.
    await waitUntilReady(server.process, origin + (BENCH_SYSTEMS[system].readyPath ?? '/'), 600_000)
    const path = scenario.paths[system]!
    let n = 0
    const next = (): AmountRequest => scenarioRequest(scenario, path, ++n, system)
    await runRequestAmount(origin, warmup, settings.connections, next)
    const perRequest: CallgrindEvents[] = []
    for (let w = 0; w < windows; w++) {
      const events = await server.count(() => runRequestAmount(origin, perWindow, settings.connections, next))
      perRequest.push(
        Object.fromEntries(Object.entries(events).map(([event, total]) => [event, Math.round(total / perWindow)])),
      )
    }
    return perRequest
  } finally {
    await server.process.stop()
    if (keepDumps) log(`[${scenario.key}] ${BENCH_SYSTEMS[system].label}: callgrind dumps kept in ${dir}`)
    else rmSync(dir, { recursive: true, force: true })
  }
}

function report(): void {
  const missHeads = cacheSim ? ' L1 instruction misses | L1 data read misses | L1 data write misses |' : ''
  const lines = [
    `| Scenario | System | Instructions per request (median) | Windows | Sluice / system |${missHeads}`,
    `|---|---|---:|---|---:|${cacheSim ? '---:|---:|---:|' : ''}`,
  ]
  for (const c of counts) {
    const sluice = counts.find((s) => s.scenario === c.scenario && s.system === 'sluice')
    const ratio =
      sluice === undefined || c.system === 'sluice' ? '' : `${((ir(sluice.median) / ir(c.median)) * 100).toFixed(1)} %`
    const misses = cacheSim ? ` ${MISSES.map((m) => format(c.median[m] ?? 0)).join(' | ')} |` : ''
    lines.push(
      `| ${c.scenario} | ${BENCH_SYSTEMS[c.system].label} | ${format(ir(c.median))} | ${c.perRequest.map((w) => format(ir(w))).join(', ')} | ${ratio} |${misses}`,
    )
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const intro =
    `Instructions${cacheSim ? ' and simulated L1 misses' : ''} per request (callgrind, user space, every thread), ${settings.connections} connections, ` +
    `${warmup} warm-up requests, ${windows} windows of ${perWindow}; ${new Date().toISOString()}.`
  mkdirSync(RESULTS, { recursive: true })
  writeFileSync(join(RESULTS, `instructions-${stamp}.md`), `${intro}\n\n${lines.join('\n')}\n`)
  writeFileSync(
    join(RESULTS, `instructions-${stamp}.json`),
    `${JSON.stringify({ settings: { warmup, windows, perWindow, connections: settings.connections, cacheSim }, counts }, null, 2)}\n`,
  )
  log(`\n${intro}\n\n${lines.join('\n')}\n\nresults: ${join(RESULTS, `instructions-${stamp}.md`)}`)
}

function ir(events: CallgrindEvents): number {
  return events['Ir'] ?? 0
}

function format(n: number): string {
  return n.toLocaleString('en-US')
}
