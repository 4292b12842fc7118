import cluster from 'node:cluster'
import { accessSync, constants, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, resolve } from 'node:path'
import type { RuntimeConfig } from '@sluice/core'

type FileLogConfig = NonNullable<RuntimeConfig['runtime']['telemetry']['file']>

const require = createRequire(import.meta.url)
const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE

/** Serilog's rolling intervals as pino-roll frequencies, and the date each file name carries (as Serilog's do). */
const INTERVALS: Record<
  FileLogConfig['rollingInterval'],
  { readonly frequency?: number | 'hourly' | 'daily'; readonly dateFormat?: string }
> = {
  Minute: { frequency: MINUTE, dateFormat: 'yyyyMMddHHmm' },
  Hour: { frequency: 'hourly', dateFormat: 'yyyyMMddHH' },
  Day: { frequency: 'daily', dateFormat: 'yyyyMMdd' },
  Month: { frequency: 31 * DAY, dateFormat: 'yyyyMM' },
  Year: { frequency: 365 * DAY, dateFormat: 'yyyy' },
  Infinite: {},
}

export interface FileLogTarget {
  readonly target: string
  readonly level: string
  readonly options: Record<string, unknown>
}

/**
 * A pino transport target for `runtime.telemetry.file` (Data API builder's Serilog file sink): JSON lines in a file
 * that rolls by interval and by size (pino-roll), keeping `retained-file-count-limit` files. The path resolves against
 * the config's folder (backslashes of DAB's Windows default read as separators); a worker of `--workers` writes its
 * own file (`….w2.txt`), since two processes cannot roll one file. Returns a warning instead when the folder cannot
 * be created or written: the server still starts, logging to stdout.
 */
export function fileLogTarget(
  config: RuntimeConfig,
  level: string,
): FileLogTarget | { readonly warning: string } | undefined {
  const file = config.runtime.telemetry.file
  if (file === undefined || !file.enabled) return undefined
  const written = resolve(config.baseDir, file.path.replaceAll('\\', '/'))
  const path =
    cluster.isWorker && cluster.worker !== undefined
      ? written.replace(/(\.[^./]*)?$/, (ext) => `.w${cluster.worker!.id}${ext}`)
      : written
  try {
    mkdirSync(dirname(path), { recursive: true })
    accessSync(dirname(path), constants.W_OK)
  } catch (error) {
    return {
      warning: `runtime.telemetry.file: cannot write log files in ${dirname(path)} (${(error as NodeJS.ErrnoException).code ?? String(error)}); logging to stdout only.`,
    }
  }
  const interval = INTERVALS[file.rollingInterval]
  return {
    target: require.resolve('pino-roll'),
    level,
    options: {
      file: path,
      ...interval,
      // Serilog rolls on size with rollOnFileSizeLimit; pino-roll takes kilobytes at the finest.
      size: `${Math.max(1, Math.ceil(file.fileSizeLimitBytes / 1024))}k`,
      // Serilog's limit counts the active file; pino-roll's counts the others and needs at least one.
      limit: { count: Math.max(1, file.retainedFileCountLimit - 1), removeOtherLogFiles: true },
      mkdir: true,
    },
  }
}
