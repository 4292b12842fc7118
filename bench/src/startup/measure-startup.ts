import { execFileSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { TSX_NODE_ARGS, WORKSPACE_ROOT } from '../start-server-process.js'
import { TABLE_COUNT, loadWideSchema } from './load-wide-schema.js'

export interface StartupMeasurement {
  readonly tables: number
  readonly runs: readonly { readonly startupMs: number; readonly uptimeMs: number; readonly rssMb: number }[]
  /** Median time from parsing the config to listening (issue 8 target: ≤ 1,000 ms). */
  readonly medianStartupMs: number
  readonly medianUptimeMs: number
}

const PROBE = fileURLToPath(new URL('./startup-probe.ts', import.meta.url))

/** Starts Sluice on a generated `TABLE_COUNT`-table config `runs` times, each in a fresh process. */
export async function measureStartup(
  databaseUrl: string,
  runs: number,
  log: (line: string) => void,
): Promise<StartupMeasurement> {
  const { created } = await loadWideSchema(databaseUrl)
  log(`start-up: ${TABLE_COUNT}-table schema ${created ? 'created' : 'already there'}`)
  const results: StartupMeasurement['runs'][number][] = []
  for (let i = 0; i < runs; i++) {
    const output = execFileSync(process.execPath, [...TSX_NODE_ARGS, PROBE], {
      cwd: WORKSPACE_ROOT,
      env: { ...process.env, SLUICE_BENCH_DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 120_000,
    })
    const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as StartupMeasurement['runs'][number] & {
      entities: number
    }
    if (result.entities !== TABLE_COUNT)
      throw new Error(`start-up probe served ${result.entities} entities, expected ${TABLE_COUNT}`)
    log(
      `  run ${i + 1}: config → listening ${Math.round(result.startupMs)} ms (process up ${Math.round(result.uptimeMs)} ms), RSS ${Math.round(result.rssMb)} MB`,
    )
    results.push({ startupMs: result.startupMs, uptimeMs: result.uptimeMs, rssMb: result.rssMb })
  }
  return {
    tables: TABLE_COUNT,
    runs: results,
    medianStartupMs: median(results.map((r) => r.startupMs)),
    medianUptimeMs: median(results.map((r) => r.uptimeMs)),
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2
}
