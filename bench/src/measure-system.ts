import { join } from 'node:path'
import { scenarioRequest, type BenchScenario } from './bench-scenarios.js'
import type { BenchSettings } from './bench-settings.js'
import type { BenchSystem } from './bench-systems.js'
import { checkResponse, type ResponseCheck } from './check-response.js'
import { listPortListeners, type PortListeners } from './list-port-listeners.js'
import type { LoadRun } from './load-run.js'
import { readLoadAverage } from './read-load-average.js'
import { readProcessRssMb } from './read-process-rss.js'
import { runAutocannon, type RequestStream } from './run-autocannon.js'
import { runWrk } from './run-wrk.js'
import { cpuUsageBetween, sampleCpu } from './sample-cpu.js'
import { installPeer, node22Binary } from './peers/install-peers.js'
import { startPeer } from './peers/start-peer.js'
import { startServerProcess, type ServerProcess } from './start-server-process.js'
import { summarizeRuns, type RunSummary } from './summarize-runs.js'
import { waitForQuiet } from './wait-for-quiet.js'
import { waitUntilReady } from './wait-until-ready.js'

export interface SystemMeasurement {
  readonly scenario: BenchScenario['key']
  readonly system: BenchSystem['key']
  readonly label: string
  /** The server script that ran (a prebuilt Sluice entry when `SLUICE_BENCH_SLUICE_ENTRY` is set). */
  readonly script: string
  /** The checked request's URL (a write scenario sends a different path and body with every request). */
  readonly url: string
  readonly pid: number
  readonly readyMs: number
  readonly listeners: PortListeners | undefined
  /** The pre-measurement request: status, size, and differences from the raw pg rows or the expected write answer (rows left out). */
  readonly check: Omit<ResponseCheck, 'rows'>
  /**
   * `same`/`mismatch` vs the raw pg rows; `reference` for that baseline; `n/a` without rows; `not-checked` if no
   * reference. A write's status or `Location` that is not the expected one is a `mismatch` too, for the reference also.
   */
  readonly rowsCheck: 'reference' | 'same' | 'mismatch' | 'not-checked' | 'n/a'
  /** The rows this system returned, kept when it is the reference (the raw pg rows baseline, or Sluice without compression). */
  readonly referenceRows: readonly unknown[] | undefined
  readonly loadAverageBefore: readonly number[]
  readonly loadAverageAfter: readonly number[]
  readonly warmup: LoadRun | undefined
  readonly autocannonRuns: readonly LoadRun[]
  readonly wrkRuns: readonly LoadRun[]
  /** Runs repeated because other tenants (processes + hypervisor steal) took more than `maxForeignCpu` meanwhile. */
  readonly discardedRuns: readonly LoadRun[]
  readonly autocannon: RunSummary | undefined
  readonly wrk: RunSummary | undefined
  /** VmRSS of the server after the measured runs. */
  readonly rssMb: number | undefined
  /** Bytes the server wrote to stdout/stderr while under load (0 expected: no per-request logging). */
  readonly outputBytesUnderLoad: number
}

const SERVERS_DIR = join('bench', 'src', 'servers')

/** Number of the next write request of this harness run: 1, 2, … (0 is the pre-measurement check's). */
let writeRequests = 0

/**
 * Starts one system's server in its own process, checks it is the only listener on the port and that it returns the
 * expected rows, then warms up and measures it; always stops the process. `expected` are the raw pg rows of the
 * scenario (undefined for the rows baseline itself and for scenarios without rows).
 */
export async function measureSystem(
  scenario: BenchScenario,
  system: BenchSystem,
  settings: BenchSettings,
  wrk: string | undefined,
  expected: readonly unknown[] | undefined,
  log: (line: string) => void,
): Promise<SystemMeasurement> {
  const path = scenario.paths[system.key]
  if (path === undefined) throw new Error(`${system.key} has no route for ${scenario.key}`)
  const origin = `http://127.0.0.1:${settings.port}`
  const sample = scenarioRequest(scenario, path, 0, system.key)
  const url = origin + sample.path
  const write = scenario.write
  const query = scenario.queries?.[system.key]
  const stream: RequestStream | undefined =
    query !== undefined
      ? { method: 'POST', next: () => ({ path: sample.path, body: sample.body ?? '' }) }
      : write === undefined
        ? undefined
        : {
            method: write.method,
            next: () => {
              const request = scenarioRequest(scenario, path, ++writeRequests)
              return { path: request.path, body: request.body ?? '' }
            },
          }
  const headers = scenario.headers
  const runWrkHere = write === undefined ? wrk : undefined
  if (wrk !== undefined && runWrkHere === undefined)
    log('  wrk: not run for a write scenario (it would need a Lua script for the varying bodies)')
  const before = listPortListeners(settings.port)
  if (before !== undefined && before.count > 0) {
    throw new Error(
      `port ${settings.port} is already in use before starting ${system.key}:\n${before.lines.join('\n')}`,
    )
  }
  const { server, script } = startSystem(system, settings, log)
  try {
    const readyMs = await waitUntilReady(
      server,
      origin + (system.readyPath ?? '/'),
      60_000,
      system.readyAnyStatus === true,
    )
    const listeners = listPortListeners(settings.port)
    if (listeners === undefined) log('  warning: `ss` is not available; cannot check for a second listener on the port')
    else if (listeners.count !== 1 || !listeners.pids.includes(server.pid)) {
      throw new Error(
        `expected exactly one listener (pid ${server.pid}) on port ${settings.port}, found:\n${listeners.lines.join('\n')}`,
      )
    }
    const checkRequest = {
      method: sample.method,
      url,
      ...(sample.body === undefined ? {} : { body: sample.body }),
      ...(write === undefined ? {} : { writeStatus: write.status }),
      ...(query === undefined ? {} : { rowsPath: query.rows }),
      ...(headers === undefined ? {} : { headers }),
      ...(system.compression === undefined ? {} : { encoded: system.compression !== 'none' }),
    }
    // The hello baseline answers a constant object: it is in a row scenario only as the reference for the ratio.
    const check = await checkResponse(
      checkRequest,
      system.key,
      scenario.comparesRows && system.key !== 'fastify-hello',
      expected,
    )
    if (check.status < 200 || check.status >= 300)
      throw new Error(`${sample.method} ${url} answered ${check.status}: ${check.mismatches.join('; ')}`)
    if (check.mismatches.length > 0)
      log(`  ${write === undefined ? 'ROW MISMATCH vs raw pg rows' : 'MISMATCH'}: ${check.mismatches.join('; ')}`)

    const quiet = await waitForQuiet(server.pid, settings.maxForeignCpu, 60_000)
    if (quiet > settings.maxForeignCpu) log(`  warning: other processes still take ${quiet}% of a core`)
    const loadAverageBefore = readLoadAverage()
    log(
      `  pid ${server.pid}, ready in ${readyMs} ms, ${check.bytes} B/response${check.contentEncoding ? ` (${check.contentEncoding})` : ''}, loadavg ${loadAverageBefore.join(' ')}`,
    )
    const quietBytes = server.output().length
    const warmup =
      settings.warmup > 0 ? await runAutocannon(url, settings.warmup, settings.connections, stream, headers) : undefined
    const discardedRuns: LoadRun[] = []
    const measure = async (tool: LoadRun['tool'], i: number): Promise<LoadRun> => {
      for (let attempt = 0; ; attempt++) {
        const run = await measureOnce(tool, i)
        const interference = run.cpu === undefined ? 0 : run.cpu.foreign + run.cpu.steal
        if (interference <= settings.maxForeignCpu || attempt >= settings.retries) return run
        discardedRuns.push(run)
        const quiet = await waitForQuiet(server.pid, settings.maxForeignCpu, 60_000)
        log(`  (run discarded: other processes and steal took ${interference}% of a core; now ${quiet}%; repeating)`)
      }
    }
    const measureOnce = async (tool: LoadRun['tool'], i: number): Promise<LoadRun> => {
      const start = sampleCpu(server.pid)
      const result =
        tool === 'wrk' && runWrkHere !== undefined
          ? await runWrk(runWrkHere, url, settings.duration, settings.connections, {
              body: query === undefined ? undefined : sample.body,
              headers,
            })
          : await runAutocannon(url, settings.duration, settings.connections, stream, headers)
      const run = { ...result, cpu: cpuUsageBetween(start, sampleCpu(server.pid)) }
      const c = run.cpu
      log(
        `  ${tool} run ${i + 1}: ${Math.round(run.requestsPerSecond)} req/s, p50 ${run.latencyP50Ms} ms, p99 ${run.latencyP99Ms} ms, ` +
          `non-2xx ${run.non2xx}, errors ${run.errors}; CPU % of a core: server ${c.server}, load generator ${c.runner}, ` +
          `postgres ${c.postgres}, foreign ${c.foreign}, steal ${c.steal}`,
      )
      return run
    }
    const autocannonRuns: LoadRun[] = []
    for (let i = 0; i < settings.runs; i++) autocannonRuns.push(await measure('autocannon', i))
    const wrkRuns: LoadRun[] = []
    if (runWrkHere !== undefined) for (let i = 0; i < settings.runs; i++) wrkRuns.push(await measure('wrk', i))
    const rssMb = readProcessRssMb(server.pid)
    const { rows, ...checkRecord } = check
    return {
      scenario: scenario.key,
      system: system.key,
      label: system.label,
      script,
      url,
      pid: server.pid,
      readyMs,
      listeners,
      check: checkRecord,
      rowsCheck: !scenario.comparesRows
        ? 'n/a'
        : system.key === 'pg-rows'
          ? check.mismatches.length > 0
            ? 'mismatch'
            : 'reference'
          : expected === undefined
            ? check.mismatches.length > 0
              ? 'mismatch'
              : 'not-checked'
            : check.mismatches.length > 0
              ? 'mismatch'
              : 'same',
      referenceRows: system.key === 'pg-rows' || system.compression === 'none' ? rows : undefined,
      loadAverageBefore,
      loadAverageAfter: readLoadAverage(),
      warmup,
      autocannonRuns,
      wrkRuns,
      discardedRuns,
      autocannon: summarizeRuns(autocannonRuns),
      wrk: summarizeRuns(wrkRuns),
      rssMb,
      outputBytesUnderLoad: server.output().length - quietBytes,
    }
  } finally {
    await server.stop()
  }
}

/** Starts one system: our server scripts (Sluice from sources unless a prebuilt entry is set), or a peer. */
function startSystem(
  system: BenchSystem,
  settings: BenchSettings,
  log: (line: string) => void,
): { server: ServerProcess; script: string } {
  if (system.peer !== undefined)
    return { server: startPeer(system.peer, settings.port, settings.databaseUrl, log), script: `peer ${system.peer}` }
  if (system.script === undefined) throw new Error(`${system.key} has neither a script nor a peer`)
  const prebuilt = system.script === 'sluice-server.ts' ? settings.sluiceEntry : undefined
  const env = {
    SLUICE_BENCH_PORT: String(settings.port),
    SLUICE_BENCH_DATABASE_URL: settings.databaseUrl,
    ...(system.compression === undefined ? {} : { SLUICE_BENCH_COMPRESSION: system.compression }),
    ...(system.cache === true ? { SLUICE_BENCH_CACHE: '1' } : {}),
  }
  if (system.node22 === true) installPeer('node22', log)
  const node = system.node22 === true ? { node: node22Binary() } : {}
  const script = prebuilt ?? join(SERVERS_DIR, system.script)
  const server =
    prebuilt === undefined
      ? startServerProcess(script, [], env, node)
      : startServerProcess(prebuilt, [], env, { tsx: false, ...node })
  return { server, script }
}
