import type { DataSourceRuntime } from '../dialect/data-source-registry.js'
import type { Introspector } from '../dialect/introspector.js'
import type { QualifiedName } from '../model/database-metadata.js'
import type { ServiceModel } from '../model/service-model.js'
import type { Logger } from '../request/logger.js'
import type { ModelStatistics } from '../request/model-statistics.js'
import { applyStatistics } from './apply-statistics.js'
import { listStatisticsObjects } from './list-statistics-objects.js'

/** How often the catalog's statistics are read again by default: every 5 minutes. */
export const DEFAULT_STATISTICS_REFRESH_MS = 5 * 60_000

/** A background read may take this long before it is abandoned (the previous figures stay). */
const REFRESH_TIMEOUT_MS = 60_000

export interface StatisticsRefreshOptions {
  readonly model: ServiceModel
  readonly sources: readonly DataSourceRuntime[]
  readonly log: Logger
  /** Milliseconds between background reads; 0 reads only once, at start-up. */
  readonly intervalMs: number
  /** Where the figures go: the store the pipeline reads. */
  readonly statistics: ModelStatistics
}

/** The running refresh: `stop` ends it, cancelling a read in flight, before the data sources close. */
export interface StatisticsRefresh {
  stop(): Promise<void>
}

interface Reader {
  readonly source: DataSourceRuntime
  readonly introspector: Introspector
  readonly objects: readonly QualifiedName[]
  failing: boolean
}

/**
 * Reads every data source's catalog statistics for its entities (`Introspector.readStatistics`, one or a few catalog
 * queries per data source) and resolves them onto the model (`applyStatistics`), then reads them again every
 * `intervalMs` on an unref'd timer, so no request ever waits for the catalog. A failed read leaves the figures as
 * they were (none at start-up: reads are then bounded by page sizes) and is logged once, until a read succeeds
 * again. Dialects without `readStatistics` are skipped.
 */
export async function startStatisticsRefresh(options: StatisticsRefreshOptions): Promise<StatisticsRefresh> {
  const { model, log, intervalMs } = options
  const { statistics } = options
  const readers: Reader[] = []
  for (const source of options.sources) {
    const introspector = source.dialect.createIntrospector(source.driver)
    const objects = listStatisticsObjects(model, source.name)
    if (introspector.readStatistics !== undefined && objects.length > 0)
      readers.push({ source, introspector, objects, failing: false })
  }
  const stopped = new AbortController()
  const read = async (reader: Reader, signal: AbortSignal | undefined): Promise<void> => {
    try {
      const found = await reader.introspector.readStatistics!(reader.objects, { signal })
      applyStatistics(model, reader.source.name, found, statistics)
      if (reader.failing) log.info(`read the database statistics of data source ${reader.source.name} again`)
      reader.failing = false
    } catch (error) {
      if (stopped.signal.aborted || reader.failing) return
      reader.failing = true
      log.warn(
        { err: error, dataSource: reader.source.name },
        `could not read the database statistics of data source ${reader.source.name}; read costs keep their previous estimates (page sizes where none)`,
      )
    }
  }
  // At start-up like introspection: bounded by the driver's statement timeout.
  await Promise.all(readers.map((reader) => read(reader, undefined)))
  if (readers.length === 0 || intervalMs <= 0) return { stop: () => Promise.resolve() }

  let running: Promise<unknown> | undefined
  const timer = setInterval(() => {
    if (running !== undefined) return
    const signal = AbortSignal.any([stopped.signal, AbortSignal.timeout(REFRESH_TIMEOUT_MS)])
    running = Promise.all(readers.map((reader) => read(reader, signal))).finally(() => {
      running = undefined
    })
  }, intervalMs)
  timer.unref()
  return {
    async stop() {
      clearInterval(timer)
      stopped.abort()
      await running
    },
  }
}
