/** Knobs of one benchmark run, read from `SLUICE_BENCH_*` environment variables. */
export interface BenchSettings {
  /** Seconds per measured run (`SLUICE_BENCH_DURATION`, default 15). */
  readonly duration: number
  /** Seconds of warm-up before the measured runs, results discarded (`SLUICE_BENCH_WARMUP`, default 5). */
  readonly warmup: number
  /** Measured runs per scenario and system; the median is reported (`SLUICE_BENCH_RUNS`, default 3). */
  readonly runs: number
  /** Concurrent connections of the load generator (`SLUICE_BENCH_CONNECTIONS`, default 50). */
  readonly connections: number
  /** Port every server under test listens on, one at a time (`SLUICE_BENCH_PORT`, default 3901). */
  readonly port: number
  /** The benchmark database (`SLUICE_BENCH_DATABASE_URL`, default the local `sluice_bench`). */
  readonly databaseUrl: string
  /** Scenario keys to run (`SLUICE_BENCH_SCENARIOS`, comma-separated, e.g. `post,patch`; default all). */
  readonly scenarios: readonly string[] | undefined
  /** System keys to run (`SLUICE_BENCH_SYSTEMS`, comma-separated, e.g. `sluice`; default all). */
  readonly systems: readonly string[] | undefined
  /**
   * A measured run during which other tenants (their processes plus hypervisor steal) took more than this % of one
   * core is repeated (`SLUICE_BENCH_MAX_FOREIGN_CPU`, default 20; peers.md §2.6 hygiene). Discarded runs stay in the JSON.
   */
  readonly maxForeignCpu: number
  /** Repeats allowed per measured run for that reason (`SLUICE_BENCH_RETRIES`, default 3). */
  readonly retries: number
  /**
   * How Sluice runs (`SLUICE_BENCH_SLUICE_ENTRY`): `bundle` (default) — as it ships, plain JavaScript with `node`, bundled
   * by the harness from the sources (`build-sluice-bundle.ts`); `sources` — the TypeScript sources through tsx, like
   * `pnpm start`; or the path of a prebuilt JavaScript file that reads the same environment. After
   * `resolveSluiceEntry`: the file to run, or undefined for the sources.
   */
  readonly sluiceEntry: string | undefined
  /**
   * `SLUICE_BENCH_INTERLEAVE=1`: per scenario, round-robin over the systems, one server start (warm-up + ONE measured
   * run) per system per round, `runs` rounds; the ratios then see the machine's drift evenly. Default: each system
   * once, warm-up then all its runs back to back.
   */
  readonly interleave: boolean
  /** Run wrk as a cross-check when it is on PATH (`SLUICE_BENCH_WRK=0` turns it off). */
  readonly wrk: boolean
}

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/sluice_bench'

export function readBenchSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const scenarios = readList(env['SLUICE_BENCH_SCENARIOS'])
  return {
    duration: readNumber(env, 'SLUICE_BENCH_DURATION', 15, 1),
    warmup: readNumber(env, 'SLUICE_BENCH_WARMUP', 5, 0),
    runs: readNumber(env, 'SLUICE_BENCH_RUNS', 3, 1),
    connections: readNumber(env, 'SLUICE_BENCH_CONNECTIONS', 50, 1),
    port: readNumber(env, 'SLUICE_BENCH_PORT', 3901, 1),
    databaseUrl: env['SLUICE_BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL,
    scenarios,
    systems: readList(env['SLUICE_BENCH_SYSTEMS']),
    maxForeignCpu: readNumber(env, 'SLUICE_BENCH_MAX_FOREIGN_CPU', 20, 0),
    retries: readNumber(env, 'SLUICE_BENCH_RETRIES', 3, 0),
    sluiceEntry: env['SLUICE_BENCH_SLUICE_ENTRY'] || 'bundle',
    interleave: env['SLUICE_BENCH_INTERLEAVE'] === '1',
    wrk: env['SLUICE_BENCH_WRK'] !== '0',
  }
}

function readNumber(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const text = env[name]
  if (text === undefined || text === '') return fallback
  const value = Number(text)
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be an integer >= ${min} (got '${text}').`)
  return value
}

function readList(text: string | undefined): string[] | undefined {
  const items = text
    ?.split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
  return items === undefined || items.length === 0 ? undefined : items
}
