/**
 * How a conformance run is budgeted and replayed, read from the environment (as TanStack DB's oracle config):
 * - `SLUICE_PBT_RUNS`: multiplies every property's default number of runs (default 1; `10` for a long run);
 * - `SLUICE_PBT_SEED`: the seed every property uses (replays a failure printed by the suite);
 * - `SLUICE_PBT_PATH`: with the seed, replays exactly the failing (shrunk) case;
 * - `SLUICE_PBT_SHRINK_SECONDS`: how long a failing property may shrink before the smallest counterexample so far is
 *   reported (default 60; 0 reports the first counterexample unshrunk);
 * - `SLUICE_ENGINES`: comma-separated engine names to run (default: every engine);
 * - `SLUICE_SCENARIOS`: comma-separated scenario keys or groups (`write` = every `write.*`) to run (default: all);
 * - `CI=true`: an engine that cannot be reached fails instead of skipping.
 */
export interface RunConfig {
  readonly runsMultiplier: number
  readonly seed: number | undefined
  readonly path: string | undefined
  /** Shrink budget per failing property, in seconds (0 = no shrinking). */
  readonly shrinkSeconds: number
  /** `undefined` = every engine. */
  readonly engines: readonly string[] | undefined
  /** Scenario keys or groups to run; `undefined` = every scenario. */
  readonly scenarios: readonly string[] | undefined
  readonly ci: boolean
}

/** The default shrink budget of a failing property: long enough to shrink most failures, short enough to wait for. */
export const DEFAULT_SHRINK_SECONDS = 60

/** Reads the run configuration; a malformed variable is an error naming it, never silently ignored. */
export function readRunConfig(env: Readonly<Record<string, string | undefined>> = process.env): RunConfig {
  const runs = readNumber(env, 'SLUICE_PBT_RUNS', (n) => n > 0)
  const seed = readNumber(env, 'SLUICE_PBT_SEED', Number.isSafeInteger)
  const path = env['SLUICE_PBT_PATH']?.trim()
  if (path !== undefined && path !== '' && !/^\d+(:\d+)*$/.test(path))
    throw new Error(`SLUICE_PBT_PATH must look like 12:0:3, not '${path}'`)
  const shrinkSeconds = readNumber(env, 'SLUICE_PBT_SHRINK_SECONDS', (n) => n >= 0)
  const engines = readList(env, 'SLUICE_ENGINES')
  return {
    runsMultiplier: runs ?? 1,
    seed,
    path: path === '' ? undefined : path,
    shrinkSeconds: shrinkSeconds ?? DEFAULT_SHRINK_SECONDS,
    engines,
    scenarios: readList(env, 'SLUICE_SCENARIOS'),
    ci: env['CI'] === 'true',
  }
}

/** Whether `SLUICE_SCENARIOS` lets scenario `key` run: its key or its group (`write` for `write.junk-bodies`) is listed. */
export function isScenarioSelected(config: RunConfig, key: string): boolean {
  return (
    config.scenarios === undefined ||
    config.scenarios.some((name) => name === key || name === key.slice(0, key.indexOf('.')))
  )
}

/** Whether `SLUICE_ENGINES` lets engine `name` run. */
export function isEngineSelected(config: RunConfig, name: string): boolean {
  return config.engines === undefined || config.engines.includes(name)
}

/** A property's run count under the multiplier: at least one run. */
export function scaleRuns(config: RunConfig, baseRuns: number): number {
  return Math.max(1, Math.round(baseRuns * config.runsMultiplier))
}

function readList(env: Readonly<Record<string, string | undefined>>, name: string): readonly string[] | undefined {
  const items = env[name]
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '')
  return items === undefined || items.length === 0 ? undefined : items
}

const DESCRIPTIONS: Readonly<Record<string, string>> = {
  SLUICE_PBT_SEED: 'an integer',
  SLUICE_PBT_SHRINK_SECONDS: 'a number of seconds (0 or more)',
}

function readNumber(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  valid: (n: number) => boolean,
): number | undefined {
  const text = env[name]?.trim()
  if (text === undefined || text === '') return undefined
  const n = Number(text)
  if (!Number.isFinite(n) || !valid(n))
    throw new Error(`${name} must be ${DESCRIPTIONS[name] ?? 'a positive number'}, not '${text}'`)
  return n
}
