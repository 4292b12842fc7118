import { Pool } from 'tarn'
import type { Connection as TediousConnection } from 'tedious'
import { SluiceError } from '@sluice/core/dialect'
import type {
  Abortable,
  CompiledQuery,
  Connection,
  Driver,
  ExecuteOptions,
  QueryResult,
  TransactionOptions,
} from '@sluice/core/dialect'
import { buildSessionContext } from './build-session-context.js'
import { buildTediousConfig } from './build-tedious-config.js'
import type { MssqlDriverConfig } from './mssql-driver-config.js'
import { classifyMssqlError } from './sql/mssql-error-classifier.js'
import { tedious } from './load-tedious.js'
import { toTediousParameter } from './to-tedious-parameter.js'

const ISOLATION: Record<NonNullable<TransactionOptions['isolation']>, string> = {
  'read committed': 'READ COMMITTED',
  'repeatable read': 'REPEATABLE READ',
  serializable: 'SERIALIZABLE',
}
/** Back to SQL Server's default after a transaction, so the pooled session does not keep a stricter level. */
const RESET_ISOLATION = 'SET TRANSACTION ISOLATION LEVEL READ COMMITTED;'

/** What the driver knows about one pooled session. */
interface Session {
  readonly connection: TediousConnection
  /** Closed or broken: tarn's validation drops it instead of handing it out again. */
  broken: boolean
  /** `sp_set_session_context` keys set on this session, cleared for callers that lack them. */
  contextKeys: ReadonlySet<string>
}

/**
 * Runs T-SQL on tedious connections pooled by tarn. One statement (or batch) per `execute`, sent with
 * sp_executesql when it has parameters, typed per value (see `toTediousParameter`); only the first result set's rows
 * come back. With `setSessionContext`, the caller's claims are set on the session in the same batch as the
 * statement. An aborted `signal` cancels the running request (tedious sends an attention packet).
 */
export class MssqlDriver implements Driver {
  readonly #config: MssqlDriverConfig
  #pool: Pool<Session> | undefined

  constructor(config: MssqlDriverConfig) {
    this.#config = config
  }

  async init(options: Abortable = {}): Promise<void> {
    try {
      await this.execute({ sql: 'SELECT 1 AS [ok]', parameters: [] }, options)
    } catch (error) {
      if (options.signal?.aborted === true) throw error
      throw new SluiceError(
        'SLUICE_ERR_DATABASE_CONNECT',
        { engine: 'SQL Server', detail: this.#describeFailure(error) },
        { cause: error },
      )
    }
  }

  async execute<R = Record<string, unknown>>(
    query: CompiledQuery,
    options: ExecuteOptions = {},
  ): Promise<QueryResult<R>> {
    options.signal?.throwIfAborted()
    const session = await this.#acquire(options.signal)
    try {
      return await this.#run<R>(session, query, options)
    } finally {
      this.#pool?.release(session)
    }
  }

  async transaction<T>(fn: (connection: Connection) => Promise<T>, options: TransactionOptions = {}): Promise<T> {
    const { signal, isolation } = options
    signal?.throwIfAborted()
    const session = await this.#acquire(signal)
    try {
      const begin =
        isolation === undefined
          ? 'BEGIN TRANSACTION;'
          : `SET TRANSACTION ISOLATION LEVEL ${ISOLATION[isolation]}; BEGIN TRANSACTION;`
      await this.#run(session, { sql: begin, parameters: [] }, { signal })
      const connection: Connection = {
        execute: <R>(query: CompiledQuery, o: ExecuteOptions = {}) =>
          this.#run<R>(session, query, o.signal === undefined ? { ...o, signal } : o),
      }
      const result = await fn(connection)
      await this.#run(session, { sql: `COMMIT TRANSACTION; ${RESET_ISOLATION}`, parameters: [] }, {})
      return result
    } catch (error) {
      try {
        // XACT_ABORT may have rolled back already: roll back only what is still open.
        await this.#run(
          session,
          { sql: `IF @@TRANCOUNT > 0 ROLLBACK TRANSACTION; ${RESET_ISOLATION}`, parameters: [] },
          {},
        )
      } catch {
        session.broken = true
      }
      throw error
    } finally {
      this.#pool?.release(session)
    }
  }

  async destroy(): Promise<void> {
    const pool = this.#pool
    this.#pool = undefined
    if (pool !== undefined) await pool.destroy()
  }

  async #acquire(signal: AbortSignal | undefined): Promise<Session> {
    const pending = this.#getPool().acquire()
    if (signal === undefined) return pending.promise
    const onAbort = (): void => pending.abort()
    signal.addEventListener('abort', onAbort, { once: true })
    try {
      return await pending.promise
    } catch (error) {
      if (signal.aborted) throw signal.reason
      throw error
    } finally {
      signal.removeEventListener('abort', onAbort)
    }
  }

  #getPool(): Pool<Session> {
    this.#pool ??= new Pool<Session>({
      create: () => this.#open(),
      destroy: (session) =>
        new Promise<void>((resolve) => {
          session.broken = true
          if (session.connection.closed) return resolve()
          session.connection.once('end', () => resolve())
          session.connection.close()
        }),
      validate: (session) => !session.broken && !session.connection.closed,
      min: this.#config.pool?.min ?? 0,
      max: this.#config.pool?.max ?? 10,
      acquireTimeoutMillis: this.#config.pool?.acquireTimeoutMillis ?? 30_000,
      idleTimeoutMillis: this.#config.pool?.idleTimeoutMillis ?? 30_000,
      propagateCreateError: true,
    })
    return this.#pool
  }

  async #open(): Promise<Session> {
    const config = this.#config
    const connection =
      'connectionFactory' in config
        ? await config.connectionFactory()
        : await connect(
            new (tedious().Connection)(
              buildTediousConfig(config.connection, {
                applicationName: config.applicationName,
                statementTimeoutMs: config.statementTimeoutMs,
              }),
            ),
          )
    const session: Session = { connection, broken: false, contextKeys: new Set() }
    // A fatal error or a closed socket makes the session unusable; without an 'error' listener Node would crash.
    connection.on('error', () => {
      session.broken = true
    })
    connection.on('end', () => {
      session.broken = true
    })
    return session
  }

  #run<R>(session: Session, query: CompiledQuery, options: ExecuteOptions): Promise<QueryResult<R>> {
    const { signal } = options
    signal?.throwIfAborted()
    let sql = query.sql
    let context: ReturnType<typeof buildSessionContext> | undefined
    if (this.#config.setSessionContext === true && (options.principal !== undefined || options.role !== undefined)) {
      context = buildSessionContext(options.principal, options.role, session.contextKeys)
      sql = context.sql + sql
      // Recorded before running: a batch that fails after setting some keys must still have them cleared next time.
      session.contextKeys = context.keys
    }
    return new Promise<QueryResult<R>>((resolve, reject) => {
      const rows: R[] = []
      let resultSets = 0
      const onAbort = (): void => {
        session.connection.cancel()
      }
      const request = new (tedious().Request)(sql, (error, rowCount) => {
        signal?.removeEventListener('abort', onAbort)
        if (error !== undefined && error !== null) {
          if (signal?.aborted === true) return reject(signal.reason)
          if (classifyMssqlError(error).kind === 'unavailable') session.broken = true
          return reject(error)
        }
        resolve({ rows, affectedRows: rowCount })
      })
      request.on('columnMetadata', () => {
        resultSets++
      })
      request.on('row', (columns: { metadata: { colName: string }; value: unknown }[]) => {
        if (resultSets !== 1) return // only the first result set counts (stored procedures may return more)
        const row: Record<string, unknown> = {}
        for (const column of columns) row[column.metadata.colName] = column.value
        rows.push(row as R)
      })
      try {
        if (context !== undefined) {
          context.parameters.forEach(([key, value], i) => {
            request.addParameter(`sluice_k${i}`, tedious().TYPES.NVarChar, key, { length: 128 })
            request.addParameter(`sluice_v${i}`, tedious().TYPES.NVarChar, value, { length: 4000 })
          })
        }
        query.parameters.forEach((parameter, i) => {
          const typed = toTediousParameter(parameter)
          request.addParameter(`p${i}`, typed.type, typed.value, typed.options)
        })
      } catch (error) {
        return reject(error)
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      if (context === undefined && query.parameters.length === 0) session.connection.execSqlBatch(request)
      else session.connection.execSql(request)
    })
  }

  /** One line for the start-up error: the socket error or the server's message, never the password. */
  #describeFailure(error: unknown): string {
    let detail = classifyMssqlError(error).message
    const password = 'connection' in this.#config ? this.#config.connection.password : undefined
    if (password !== undefined && password !== '') detail = detail.split(password).join('***')
    return detail
  }
}

function connect(connection: TediousConnection): Promise<TediousConnection> {
  return new Promise((resolve, reject) => {
    connection.connect((error) => {
      if (error === undefined || error === null) return resolve(connection)
      connection.close()
      reject(error)
    })
  })
}
