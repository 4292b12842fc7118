import { afterEach, describe, expect, it, vi } from 'vitest'
import { parseConfig } from '../config/load-config.js'
import { DEFAULT_CAPABILITIES } from '../dialect/dialect-capabilities.js'
import type { DataSourceRuntime } from '../dialect/data-source-registry.js'
import type { Dialect } from '../dialect/dialect.js'
import type { Introspector } from '../dialect/introspector.js'
import type { Abortable } from '../dialect/abortable.js'
import { buildServiceModel } from '../model/build-service-model.js'
import { qualifiedKey, type QualifiedName } from '../model/database-metadata.js'
import type { DatabaseStatistics } from '../model/object-statistics.js'
import { silentLogger, type Logger } from '../request/logger.js'
import { ModelStatistics } from '../request/model-statistics.js'
import { column, metadataOf, table } from '../../test/support/library-metadata.js'
import { startStatisticsRefresh } from './start-statistics-refresh.js'

const model = buildServiceModel(
  parseConfig(
    {
      'data-source': { 'database-type': 'postgresql', 'connection-string': 'x' },
      entities: { Book: { source: 'public.books', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    },
    { baseDir: '/' },
  ),
  metadataOf(table('public', 'books', [column('id', 'int', { nullable: false })], ['id'])),
  DEFAULT_CAPABILITIES,
)
const book = model.entities.get('Book')!

type ReadStatistics = (objects: readonly QualifiedName[], options?: Abortable) => Promise<DatabaseStatistics>

function rows(count: number): DatabaseStatistics {
  return {
    objects: new Map([[qualifiedKey({ schema: 'public', name: 'books' }), { rows: count, columns: new Map() }]]),
  }
}

function sourceWith(readStatistics: ReadStatistics | undefined): DataSourceRuntime {
  const introspector: Introspector = {
    introspect: () => {
      throw new Error('not used')
    },
    ...(readStatistics === undefined ? {} : { readStatistics }),
  }
  const dialect = { createIntrospector: () => introspector } as unknown as Dialect
  return {
    name: 'default',
    dialect,
    driver: undefined as never,
    compiler: undefined as never,
    config: undefined as never,
  }
}

function recordingLog(): Logger & { readonly lines: string[] } {
  const lines: string[] = []
  const log: Logger & { lines: string[] } = {
    ...silentLogger,
    lines,
    warn: (obj, msg) => {
      lines.push(`warn: ${msg ?? String(obj)}`)
    },
    info: (obj, msg) => {
      lines.push(`info: ${msg ?? String(obj)}`)
    },
  }
  return log
}

describe('startStatisticsRefresh', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('reads the figures once at start-up, in one call per data source with every object, before it returns', async () => {
    const calls: (readonly QualifiedName[])[] = []
    const statistics = new ModelStatistics()
    const refresh = await startStatisticsRefresh({
      model,
      sources: [
        sourceWith(async (objects) => {
          calls.push(objects)
          return rows(60)
        }),
      ],
      log: silentLogger,
      intervalMs: 0,
      statistics,
    })
    expect(calls).toEqual([[{ schema: 'public', name: 'books' }]])
    expect(statistics.rowsOf(book)).toBe(60)
    await refresh.stop()
  })

  it('reads them again in the background; a failed read keeps the previous figures and is logged once until one succeeds', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    const answers: (() => Promise<DatabaseStatistics>)[] = [
      async () => rows(60),
      async () => rows(75),
      async () => {
        throw new Error('catalog gone')
      },
      async () => {
        throw new Error('still gone')
      },
      async () => rows(90),
      async () => {
        throw new Error('gone again')
      },
    ]
    const statistics = new ModelStatistics()
    const log = recordingLog()
    const refresh = await startStatisticsRefresh({
      model,
      sources: [sourceWith(() => answers.shift()!())],
      log,
      intervalMs: 1000,
      statistics,
    })
    expect(statistics.rowsOf(book)).toBe(60)
    await vi.advanceTimersByTimeAsync(1000)
    expect(statistics.rowsOf(book)).toBe(75)
    await vi.advanceTimersByTimeAsync(2000)
    expect(statistics.rowsOf(book)).toBe(75)
    expect(log.lines).toEqual([
      expect.stringMatching(/^warn: could not read the database statistics of data source default/),
    ])
    await vi.advanceTimersByTimeAsync(1000)
    expect(statistics.rowsOf(book)).toBe(90)
    await vi.advanceTimersByTimeAsync(1000)
    expect(log.lines).toEqual([
      expect.stringMatching(/^warn: could not read/),
      'info: read the database statistics of data source default again',
      expect.stringMatching(/^warn: could not read/),
    ])
    await refresh.stop()
  })

  it('starts without figures when the first read fails (reads are then bounded by page sizes)', async () => {
    const statistics = new ModelStatistics()
    const log = recordingLog()
    const refresh = await startStatisticsRefresh({
      model,
      sources: [
        sourceWith(async () => {
          throw new Error('permission denied')
        }),
      ],
      log,
      intervalMs: 0,
      statistics,
    })
    expect(statistics.rowsOf(book)).toBeUndefined()
    expect(log.lines).toHaveLength(1)
    await refresh.stop()
  })

  it('stops on stop(): the timer is cleared and a read in flight is cancelled', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    let calls = 0
    let signal: AbortSignal | undefined
    const statistics = new ModelStatistics()
    const refresh = await startStatisticsRefresh({
      model,
      statistics,
      log: silentLogger,
      intervalMs: 1000,
      sources: [
        sourceWith((_objects, options) => {
          calls++
          if (calls === 1) return Promise.resolve(rows(60))
          signal = options?.signal
          return new Promise((_resolve, reject) =>
            options?.signal?.addEventListener('abort', () => reject(options.signal!.reason)),
          )
        }),
      ],
    })
    await vi.advanceTimersByTimeAsync(1000)
    expect(signal?.aborted).toBe(false)
    await refresh.stop()
    expect(signal?.aborted).toBe(true)
    await vi.advanceTimersByTimeAsync(5000)
    expect(calls).toBe(2)
    expect(statistics.rowsOf(book)).toBe(60)
  })

  it('skips a dialect without readStatistics', async () => {
    const statistics = new ModelStatistics()
    const refresh = await startStatisticsRefresh({
      model,
      sources: [sourceWith(undefined)],
      log: silentLogger,
      intervalMs: 1000,
      statistics,
    })
    expect(statistics.rowsOf(book)).toBeUndefined()
    await refresh.stop()
  })
})
