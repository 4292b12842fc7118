/**
 * How a conformance run is budgeted and replayed, read from the environment (as TanStack DB's oracle config):
 * - `SLUICE_PBT_RUNS`: multiplies every property's default number of runs (default 1; `10` for a long run);
 * - `SLUICE_PBT_SEED`: the seed every property uses (replays a failure printed by the suite);
 * - `SLUICE_PBT_PATH`: with the seed, replays exactly the failing (shrunk) case;
 * - `SLUICE_ENGINES`: comma-separated engine names to run (default: every engine);
 * - `CI=true`: an engine that cannot be reached fails instead of skipping.
 */
export interface RunConfig {
  readonly runsMultiplier: number
  readonly seed: number | undefined
  readonly path: string | undefined
  /** `undefined` = every engine. */
  readonly engines: readonly string[] | undefined
  readonly ci: boolean
}

/** Reads the run configuration; a malformed variable is an error naming it, never silently ignored. */
export function readRunConfig(env: Readonly<Record<string, string | undefined>> = process.env): RunConfig {
  const runs = readNumber(env, 'SLUICE_PBT_RUNS', (n) => n > 0)
  const seed = readNumber(env, 'SLUICE_PBT_SEED', Number.isSafeInteger)
  const path = env['SLUICE_PBT_PATH']?.trim()
  if (path !== undefined && path !== '' && !/^\d+(:\d+)*$/.test(path)) throw new Error(`SLUICE_PBT_PATH must look like 12:0:3, not '${path}'`)
  const engines = env['SLUICE_ENGINES']?.split(',').map((name) => name.trim()).filter((name) => name !== '')
  return {
    runsMultiplier: runs ?? 1,
    seed,
    path: path === '' ? undefined : path,
    engines: engines === undefined || engines.length === 0 ? undefined : engines,
    ci: env['CI'] === 'true',
  }
}

/** Whether `SLUICE_ENGINES` lets engine `name` run. */
export function isEngineSelected(config: RunConfig, name: string): boolean {
  return config.engines === undefined || config.engines.includes(name)
}

/** A property's run count under the multiplier: at least one run. */
export function scaleRuns(config: RunConfig, baseRuns: number): number {
  return Math.max(1, Math.round(baseRuns * config.runsMultiplier))
}

function readNumber(env: Readonly<Record<string, string | undefined>>, name: string, valid: (n: number) => boolean): number | undefined {
  const text = env[name]?.trim()
  if (text === undefined || text === '') return undefined
  const n = Number(text)
  if (!Number.isFinite(n) || !valid(n)) throw new Error(`${name} must be ${name === 'SLUICE_PBT_SEED' ? 'an integer' : 'a positive number'}, not '${text}'`)
  return n
}
