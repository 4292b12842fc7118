import * as fc from 'fast-check'
import type { RunConfig } from './run-config.js'
import { scaleRuns } from './run-config.js'

export interface CheckPropertyOptions {
  /** Runs before `SLUICE_PBT_RUNS` scales them. */
  readonly baseRuns: number
  readonly config: RunConfig
  /** What to run to replay: engine and scenario key, shown in the failure message. */
  readonly engine: string
  readonly scenario: string
}

/**
 * Runs an async property with the suite's budget and replay settings. A failure throws an error that starts with
 * the command replaying exactly the shrunk counterexample (seed and path), followed by fast-check's report.
 */
export async function checkProperty<Ts>(property: fc.IAsyncPropertyWithHooks<Ts>, options: CheckPropertyOptions): Promise<void> {
  const { config } = options
  const seed = config.seed ?? ((Date.now() ^ (Math.random() * 0x100000000)) | 0)
  const details = await fc.check(property, {
    numRuns: scaleRuns(config, options.baseRuns),
    seed,
    ...(config.path === undefined ? {} : { path: config.path, endOnFailure: true }),
  })
  if (!details.failed) return
  const replay = `SLUICE_ENGINES=${options.engine} SLUICE_PBT_SEED=${details.seed}`
    + (details.counterexamplePath === null ? '' : ` SLUICE_PBT_PATH=${details.counterexamplePath}`)
    + ` vitest run conformance -t '${options.scenario}'`
  const report = fc.defaultReportMessage(details) ?? 'the property failed'
  throw new Error(`[${options.engine}] ${options.scenario} failed (seed ${details.seed}, path ${details.counterexamplePath ?? 'n/a'}).\nReplay: ${replay}\n\n${report}`, {
    cause: details.errorInstance ?? undefined,
  })
}
