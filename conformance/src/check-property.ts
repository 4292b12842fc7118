import * as fc from 'fast-check'
import type { RunConfig } from './run-config.js'
import { scaleRuns } from './run-config.js'
import { createShrinkBudgetPlugin } from './shrink-budget-plugin.js'

export interface CheckPropertyOptions {
  /** Runs before `SLUICE_PBT_RUNS` scales them. */
  readonly baseRuns: number
  readonly config: RunConfig
  /** What to run to replay: engine and scenario key, shown in the failure message. */
  readonly engine: string
  readonly scenario: string
  /**
   * When the whole check must end (epoch ms; the scenario's test timeout less a margin): fast-check stops there
   * (`interruptAfterTimeLimit`) and reports what it has, instead of vitest killing the test without a counterexample.
   */
  readonly deadline: number
  /** Progress lines while shrinking (default `console.warn`, which vitest shows under the running test). */
  readonly report?: (line: string) => void
  /** The command that replays a failure (default: `vitest run conformance` with the suite's variables). */
  readonly replay?: (failure: ReplayArguments) => string
}

/** What replays a failing property exactly. */
export interface ReplayArguments {
  readonly engine: string
  readonly scenario: string
  readonly seed: number
  /** fast-check's path to the (shrunk) counterexample, e.g. `3:0:1`. */
  readonly path: string | undefined
}

/** The replay command inside this repository (or any project running the suite from its own vitest file). */
export function formatVitestReplay(failure: ReplayArguments): string {
  return (
    `SLUICE_ENGINES=${failure.engine} SLUICE_PBT_SEED=${failure.seed}` +
    (failure.path === undefined ? '' : ` SLUICE_PBT_PATH=${failure.path}`) +
    ` vitest run conformance -t '${failure.scenario}'`
  )
}

/**
 * Runs an async property with the suite's budget and replay settings. A failure throws an error that starts with
 * the command replaying exactly the shrunk counterexample (seed and path), followed by fast-check's report.
 * Shrinking is bounded: after `config.shrinkSeconds` (or at the deadline) the smallest counterexample found so far
 * is reported; with 0 the first counterexample is reported unshrunk (`endOnFailure`). Running out of time before
 * the runs are done is a failure too (`markInterruptAsFailure`), stating how many runs passed.
 */
export async function checkProperty<Ts>(
  property: fc.IAsyncPropertyWithHooks<Ts>,
  options: CheckPropertyOptions,
): Promise<void> {
  const { config } = options
  const seed = config.seed ?? (Date.now() ^ (Math.random() * 0x100000000)) | 0
  const label = `[${options.engine}] ${options.scenario}`
  const details = await fc.check(property, {
    numRuns: scaleRuns(config, options.baseRuns),
    seed,
    interruptAfterTimeLimit: Math.max(1000, options.deadline - Date.now()),
    markInterruptAsFailure: true,
    // A replayed path needs no shrinking; with a zero budget the first counterexample is the report.
    endOnFailure: config.path !== undefined || config.shrinkSeconds === 0,
    ...(config.path === undefined ? {} : { path: config.path }),
    plugins: [
      createShrinkBudgetPlugin<Ts>({
        budgetMs: config.shrinkSeconds * 1000,
        label,
        report: options.report ?? ((line) => console.warn(line)),
      }),
    ],
  })
  if (!details.failed) return
  if (details.counterexample === null) {
    throw new Error(
      details.interrupted
        ? `${label} ran out of time after ${details.numRuns} passing runs (seed ${details.seed}); no counterexample was found. Lower SLUICE_PBT_RUNS (or --runs).`
        : `${label} skipped too many generated values (${details.numSkips}, seed ${details.seed}): a precondition rejects almost everything.`,
    )
  }
  const replay = (options.replay ?? formatVitestReplay)({
    engine: options.engine,
    scenario: options.scenario,
    seed: details.seed,
    path: details.counterexamplePath ?? undefined,
  })
  const shrunk = details.interrupted
    ? ` (shrinking stopped by its ${config.shrinkSeconds} s budget after ${details.numShrinks} shrinks)`
    : ''
  const report = fc.defaultReportMessage(details) ?? 'the property failed'
  throw new Error(
    `${label} failed (seed ${details.seed}, path ${details.counterexamplePath ?? 'n/a'})${shrunk}.\nReplay: ${replay}\n\n${report}`,
    {
      cause: details.errorInstance ?? undefined,
    },
  )
}
