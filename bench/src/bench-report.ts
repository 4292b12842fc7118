import type { BenchSettings } from './bench-settings.js'
import type { RequestLoggingCheck } from './check-request-logging.js'
import type { RatioResult } from './compute-ratios.js'
import type { DatasetStatus } from './load-dataset.js'
import type { MachineInfo } from './read-machine-info.js'
import type { SystemMeasurement } from './measure-system.js'
import type { StartupMeasurement } from './startup/measure-startup.js'
import type { BigPageMeasurement } from './stream/measure-big-page.js'

/** Everything one run of the harness produced; written as JSON under `bench/results/`. */
export interface BenchReport {
  readonly startedAt: string
  readonly finishedAt: string
  readonly settings: BenchSettings
  readonly machine: MachineInfo
  readonly dataset: DatasetStatus
  readonly measurements: readonly SystemMeasurement[]
  readonly failures: readonly { readonly scenario: string; readonly system: string; readonly error: string }[]
  readonly ratios: readonly RatioResult[]
  readonly logging: RequestLoggingCheck | { readonly error: string }
  /** Start-up on a generated 500-table config (unless `SLUICE_BENCH_STARTUP=0`). */
  readonly startup?: StartupMeasurement | { readonly error: string }
  /** `$first=-1` over 100,000 rows: time to first byte and RSS growth (unless `SLUICE_BENCH_BIG_PAGE=0`). */
  readonly bigPage?: BigPageMeasurement | { readonly error: string }
}
