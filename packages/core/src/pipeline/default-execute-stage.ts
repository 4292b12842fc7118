import { LRUCache } from 'lru-cache'
import { inject, injectable } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import type { DataSourceRegistry, DataSourceRuntime } from '../dialect/data-source-registry.js'
import type { CompiledQuery, Connection } from '../dialect/driver.js'
import type { CompiledSql } from '../dialect/sql-compiler.js'
import { createDatabaseError } from '../errors/database-error.js'
import { isSluiceError, SluiceError } from '../errors/sluice-error.js'
import type { ExecutionPlan, QueryPlan, UpdateOrInsertPlan } from '../plan/query-plan.js'
import type { StreamResult } from '../plan/select-plan.js'
import { invariant } from '../util/invariant.js'
import type { RequestContext } from '../request/request-context.js'
import { readExecuteRows } from './read-execute-rows.js'
import { readStreamRows } from './read-stream-rows.js'
import { readDeleteRows, readPageRow, readSingleRow, readWriteRow } from './read-result-row.js'
import type { ResultSet, SingleResultSet, WriteResultSet } from './result-set.js'
import type { ExecuteStage } from './stage.js'

interface CachedStatement {
  readonly compiled: CompiledSql
  /** Prepared-statement name, for the first shapes only (bounds the statements each connection keeps). */
  readonly name: string | undefined
}

type Runner = Pick<Connection, 'execute'>

const CACHE_SIZE = 2000
/** Rows per round trip of a streamed page: large enough to keep the database busy, small enough to flow early. */
const STREAM_CHUNK_ROWS = 500
const NAMED_STATEMENTS = 500

/**
 * Compiles a plan once per shape (LRU of SQL texts keyed by shape key), binds its parameters, runs it with one
 * round trip, and maps driver errors to coded errors through the dialect's classifier. An update-or-insert (an
 * upsert the engine cannot do in one statement) runs in one transaction; a request whose context carries a
 * transaction (`RequestContext.transaction`: multiple create) runs its statements on that transaction's connection.
 */
@injectable()
export class DefaultExecuteStage implements ExecuteStage {
  /** Compiled statements per data source (each has its own dialect), keyed by shape key. */
  readonly #caches = new Map<string, { readonly cache: LRUCache<string, CachedStatement>; named: number }>()

  constructor(@inject(Tokens.DataSources) private readonly sources: DataSourceRegistry) {}

  // Not async itself: it hands back #runOne's promise rather than wrapping it in another (a microtask per request).
  run(plan: ExecutionPlan, context: RequestContext): Promise<ResultSet> {
    if (plan.kind === 'updateOrInsert') return this.#updateOrInsert(plan, context)
    const source = this.sources.get(plan.dataSource)
    const transaction = context.transaction
    if (transaction === undefined) return this.#runOne(source, source.driver, plan, context)
    invariant(transaction.dataSource === source.name, 'a transaction runs statements on its own data source')
    return this.#runOne(source, transaction.connection, plan, context)
  }

  async #runOne(
    source: DataSourceRuntime,
    runner: Runner,
    plan: QueryPlan,
    context: RequestContext,
  ): Promise<ResultSet> {
    const statement = this.#statement(source, plan)
    const query: CompiledQuery = {
      sql: statement.compiled.sql,
      parameters: source.compiler.bindParameters(plan, statement.compiled),
      name: statement.name,
    }
    if (plan.kind === 'select' && plan.result.mode === 'stream')
      return this.#stream(source, query, plan.result, context, plan.count !== undefined)
    let rows: readonly Record<string, unknown>[]
    try {
      // The context is the ExecuteOptions itself (signal, principal, role): no allocation per statement.
      rows = (await runner.execute(query, context)).rows
    } catch (error) {
      throw this.#databaseError(source, error, context)
    }
    switch (plan.kind) {
      case 'select':
        invariant(plan.result.mode !== 'stream', 'streamed pages are read by #stream')
        return plan.result.mode === 'single'
          ? readSingleRow(rows)
          : readPageRow(
              rows,
              plan.result,
              plan.columns,
              plan.count !== undefined,
              source.dialect.capabilities.pageRecordPerLine,
            )
      case 'delete':
        return readDeleteRows(rows)
      case 'execute':
        return readExecuteRows(rows, plan, statement.compiled.result ?? 'json')
      default:
        // Only a created row's key is read (its Location): an insert's may come from its record.
        return plan.kind === 'insert' ? readWriteRow(rows, true, plan.returning) : readWriteRow(rows, false)
    }
  }

  /**
   * Update the row; insert it when there was none. The update runs alone first: when it finds the row (the usual
   * case) that is the whole upsert, one round trip rather than BEGIN, UPDATE and COMMIT. Otherwise a transaction
   * updates again (the row may have been inserted since), probes for a row the policy hides, and inserts. Read
   * committed, as Data API builder uses: a concurrent insert of the same key makes our insert fail with a unique
   * violation, and the retry then finds and updates that row.
   */
  async #updateOrInsert(plan: UpdateOrInsertPlan, context: RequestContext): Promise<ResultSet> {
    const source = this.sources.get(plan.update.dataSource)
    const updated = (await this.#runOne(source, source.driver, plan.update, context)) as WriteResultSet
    if (updated.written) return updated
    for (let attempt = 1; ; attempt++) {
      try {
        return await source.driver.transaction(
          async (connection) => {
            const updated = (await this.#runOne(source, connection, plan.update, context)) as WriteResultSet
            if (updated.written) return updated
            // The update policy may hide a row that exists: refuse (nothing written), never insert a duplicate key.
            if (
              plan.hidden !== undefined &&
              ((await this.#runOne(source, connection, plan.hidden, context)) as SingleResultSet).json !== null
            )
              return updated
            return this.#runOne(source, connection, plan.insert, context)
          },
          { isolation: 'read committed', signal: context.signal },
        )
      } catch (error) {
        const coded = isSluiceError(error) ? error : this.#databaseError(source, error, context)
        if (attempt < 2 && coded.code === 'SLUICE_ERR_DATABASE_CONFLICT') continue
        throw coded
      }
    }
  }

  /**
   * A streamed page: rows in chunks through the driver's cursor. The first chunk is awaited here, so an error the
   * statement raises at once still becomes an error response; later errors end the stream (the body is cut off).
   */
  async #stream(
    source: DataSourceRuntime,
    query: CompiledQuery,
    result: StreamResult,
    context: RequestContext,
    counted: boolean,
  ): Promise<ResultSet> {
    const driver = source.driver
    invariant(driver.stream !== undefined, 'a dialect with capabilities.streamingReads has a driver with stream()')
    const iterator = this.#mapErrors(
      source,
      driver.stream<Record<string, unknown>>(query, STREAM_CHUNK_ROWS, context),
      context,
    )
    let first: IteratorResult<readonly Record<string, unknown>[]>
    try {
      first = await iterator.next()
    } catch (error) {
      throw this.#databaseError(source, error, context)
    }
    return readStreamRows(first, iterator, result, counted)
  }

  async *#mapErrors(
    source: DataSourceRuntime,
    rows: AsyncIterable<readonly Record<string, unknown>[]>,
    context: RequestContext,
  ): AsyncGenerator<readonly Record<string, unknown>[]> {
    try {
      yield* rows
    } catch (error) {
      throw this.#databaseError(source, error, context)
    }
  }

  #statement(source: DataSourceRuntime, plan: QueryPlan): CachedStatement {
    let entry = this.#caches.get(source.name)
    if (entry === undefined) {
      entry = { cache: new LRUCache<string, CachedStatement>({ max: CACHE_SIZE }), named: 0 }
      this.#caches.set(source.name, entry)
    }
    let statement = entry.cache.get(plan.shapeKey)
    if (statement === undefined) {
      const name = entry.named < NAMED_STATEMENTS ? `sluice_${++entry.named}` : undefined
      statement = { compiled: source.compiler.compile(plan), name }
      entry.cache.set(plan.shapeKey, statement)
    }
    return statement
  }

  #databaseError(source: DataSourceRuntime, error: unknown, context?: RequestContext): SluiceError {
    if (isSluiceError(error)) return error
    // The caller left and its statement was cancelled: nothing went wrong on our side (nobody reads this answer).
    if (context?.signal?.aborted === true) return new SluiceError('SLUICE_ERR_REQUEST_CANCELLED', {}, { cause: error })
    return createDatabaseError(source.dialect.classifyError(error), error)
  }
}
