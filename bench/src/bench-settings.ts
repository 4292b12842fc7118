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
  /** Scenario keys to run (`SLUICE_BENCH_SCENARIOS`, comma-separated; default all). */
  readonly scenarios: readonly string[] | undefined
  /** Run wrk as a cross-check when it is on PATH (`SLUICE_BENCH_WRK=0` turns it off). */
  readonly wrk: boolean
}

export const DEFAULT_DATABASE_URL = 'postgresql://postgres@127.0.0.1:5432/sluice_bench'

export function readBenchSettings(env: NodeJS.ProcessEnv = process.env): BenchSettings {
  const scenarios = env['SLUICE_BENCH_SCENARIOS']?.split(',').map((s) => s.trim()).filter((s) => s !== '')
  return {
    duration: readNumber(env, 'SLUICE_BENCH_DURATION', 15, 1),
    warmup: readNumber(env, 'SLUICE_BENCH_WARMUP', 5, 0),
    runs: readNumber(env, 'SLUICE_BENCH_RUNS', 3, 1),
    connections: readNumber(env, 'SLUICE_BENCH_CONNECTIONS', 50, 1),
    port: readNumber(env, 'SLUICE_BENCH_PORT', 3901, 1),
    databaseUrl: env['SLUICE_BENCH_DATABASE_URL'] ?? DEFAULT_DATABASE_URL,
    scenarios: scenarios === undefined || scenarios.length === 0 ? undefined : scenarios,
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
