import type { PGlite } from '@electric-sql/pglite'
import { isSluiceError, onAbort, SluiceError } from '@sluice/core/dialect'
import type {
  Abortable,
  CompiledQuery,
  Connection,
  Driver,
  QueryResult,
  TransactionOptions,
} from '@sluice/core/dialect'
import { classifyPostgresError } from '@sluice/plugin-postgres/sql'
import type {
  PGliteDriverConfig,
  PGliteLike,
  PGliteQueryOptions,
  PGliteTransactionLike,
} from './pglite-driver-config.js'
import { lockDataFolder, type DataFolderLock } from './data-folder-lock.js'
import { loadedPglite, loadPglite } from './load-pglite.js'
import type { PristineClusterCache } from './pristine-cluster-cache.js'

const keepText = (value: string): string => value
const keepTextArray =
  (typarray: number) =>
  (value: string): unknown =>
    loadedPglite().types.arrayParser(value, keepText, typarray)

/**
 * Dates, times, int8 and numeric (and their arrays) as their PostgreSQL text, as the PostgreSQL driver returns them:
 * no `Date` conversion, no precision loss (PGlite would otherwise turn int8 into a lossy number). The array parsers
 * use PGlite's own, from its module as the driver loads it on first use.
 */
export const PGLITE_PARSERS: NonNullable<PGliteQueryOptions['parsers']> = {
  20: keepText,
  1700: keepText,
  1082: keepText,
  1083: keepText,
  1114: keepText,
  1184: keepText,
  1186: keepText,
  1266: keepText,
  1016: keepTextArray(1016),
  1231: keepTextArray(1231),
  1182: keepTextArray(1182),
  1183: keepTextArray(1183),
  1115: keepTextArray(1115),
  1185: keepTextArray(1185),
  1187: keepTextArray(1187),
  1270: keepTextArray(1270),
}
const QUERY_OPTIONS: PGliteQueryOptions = { parsers: PGLITE_PARSERS }

const ISOLATION: Record<NonNullable<TransactionOptions['isolation']>, string> = {
  'read committed': 'READ COMMITTED',
  'repeatable read': 'REPEATABLE READ',
  serializable: 'SERIALIZABLE',
}

const DML_COMMANDS = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE'])

/**
 * Runs statements on an embedded PGlite: the caller's (never closed here) or one it creates in `dataDir` (locked for
 * this process until `destroy`, see data-folder-lock.ts) or in memory (closed by `destroy`). PGlite runs one
 * statement at a time and queues the rest; `transaction` holds it for the callback's statements. Errors keep their
 * SQLSTATE `code` but lose PGlite's minified stack frames.
 */
export class PGliteDriver implements Driver {
  readonly #config: PGliteDriverConfig
  #db: Promise<PGliteLike> | undefined
  #owned: PGliteLike | undefined
  #lock: DataFolderLock | undefined

  constructor(config: PGliteDriverConfig) {
    this.#config = config
  }

  async init(options: Abortable = {}): Promise<void> {
    try {
      await this.execute({ sql: 'SELECT 1', parameters: [] }, options)
    } catch (error) {
      if (options.signal?.aborted === true) throw error
      if (isSluiceError(error) && error.code === 'SLUICE_ERR_DATA_FOLDER_IN_USE') throw error
      const detail = classifyPostgresError(error).message
      throw new SluiceError('SLUICE_ERR_DATABASE_CONNECT', { engine: 'PGlite', detail }, { cause: error })
    }
  }

  async execute<R = Record<string, unknown>>(query: CompiledQuery, options: Abortable = {}): Promise<QueryResult<R>> {
    options.signal?.throwIfAborted()
    return runQuery<R>(await this.#getDb(), query, options.signal)
  }

  async transaction<T>(fn: (connection: Connection) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const { signal, isolation } = options
    signal?.throwIfAborted()
    const db = await this.#getDb()
    try {
      return await db.transaction(async (tx) => {
        signal?.throwIfAborted()
        if (isolation !== undefined) await tx.exec(`SET TRANSACTION ISOLATION LEVEL ${ISOLATION[isolation]}`)
        return fn({
          execute: <R>(query: CompiledQuery, o: Abortable = {}) => runQuery<R>(tx, query, o.signal ?? signal),
        })
      })
    } catch (error) {
      throw trimStack(error)
    }
  }

  async destroy(): Promise<void> {
    const owned = this.#owned
    const lock = this.#lock
    this.#owned = undefined
    this.#lock = undefined
    this.#db = undefined
    try {
      if (owned !== undefined) await owned.close()
    } finally {
      lock?.release()
    }
  }

  #getDb(): Promise<PGliteLike> {
    this.#db ??= this.#open().catch((error: unknown) => {
      this.#db = undefined // a failed factory may succeed on the next attempt
      throw trimStack(error)
    })
    return this.#db
  }

  async #open(): Promise<PGliteLike> {
    const config = this.#config
    // Also for a caller's own instance: the result parsers use the module.
    await loadPglite()
    let db: PGliteLike
    if ('db' in config) {
      db = typeof config.db === 'function' ? await config.db() : config.db
    } else {
      // One process per data folder: a second would lose writes (data-folder-lock.ts). Taken before PGlite reads it.
      const lock = config.dataDir === undefined ? undefined : lockDataFolder(config.dataDir)
      try {
        db = await createOwnedPglite(config.dataDir, config.pristineCluster)
      } catch (error) {
        lock?.release()
        throw error
      }
      this.#owned = db
      this.#lock = lock
      try {
        if (db.waitReady !== undefined) await db.waitReady
        await config.initialize?.(db)
      } catch (error) {
        // Closed, so that the next attempt opens the folder afresh instead of beside a second PGlite.
        await this.destroy().catch(() => undefined)
        throw error
      }
      return db
    }
    if (db.waitReady !== undefined) await db.waitReady
    return db
  }
}

/**
 * A PGlite in `dataDir`, or in memory: then started from the archived `initdb` cluster when there is one (an archive
 * PGlite refuses is discarded and the cluster made anew), and the new cluster archived when there is none.
 */
async function createOwnedPglite(
  dataDir: string | undefined,
  pristineCluster: PristineClusterCache | undefined,
): Promise<PGlite> {
  const { PGlite } = await loadPglite()
  if (dataDir !== undefined) return PGlite.create({ dataDir, parsers: PGLITE_PARSERS })
  const archive = pristineCluster?.load()
  if (archive !== undefined) {
    try {
      return await PGlite.create({ loadDataDir: archive, parsers: PGLITE_PARSERS })
    } catch {
      pristineCluster!.discard()
    }
  }
  const db = await PGlite.create({ parsers: PGLITE_PARSERS })
  if (pristineCluster !== undefined)
    pristineCluster.save(new Uint8Array(await (await db.dumpDataDir('gzip')).arrayBuffer()))
  return db
}

async function runQuery<R>(
  target: PGliteTransactionLike,
  query: CompiledQuery,
  signal?: AbortSignal,
): Promise<QueryResult<R>> {
  signal?.throwIfAborted()
  try {
    const running = target.query<R>(query.sql, [...query.parameters], QUERY_OPTIONS)
    const result = signal === undefined ? await running : await raceAbort(running, signal)
    const dml = result.command === undefined || DML_COMMANDS.has(result.command)
    return { rows: result.rows, affectedRows: dml ? result.affectedRows : undefined }
  } catch (error) {
    throw trimStack(error)
  }
}

/** Settles with `promise`, or rejects with the signal's reason as soon as it aborts (PGlite finishes the statement). */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stopWatching = onAbort(signal, () => reject(signal.reason))
    promise.then(resolve, reject).finally(stopWatching)
  })
}

/**
 * Replaces the stack of an error thrown inside PGlite (frames of its minified bundle, often a kilobyte) with the
 * first message line and the caller's own frames, so logs stay readable. Abort reasons pass unchanged.
 */
function trimStack(error: unknown): unknown {
  if (!(error instanceof Error) || error.name === 'AbortError' || error.name === 'TimeoutError') return error
  if (typeof error.stack !== 'string' || !error.stack.includes('@electric-sql')) return error
  const callers = (new Error().stack ?? '').split('\n').slice(2).join('\n')
  error.stack = `${error.name}: ${error.message.split('\n', 1)[0] ?? ''}${callers === '' ? '' : `\n${callers}`}`
  return error
}
