import { LRUCache } from 'lru-cache'
import { inject, injectable } from '../di/container.js'
import { Tokens } from '../di/tokens.js'
import type { Dialect } from '../dialect/dialect.js'
import type { Driver } from '../dialect/driver.js'
import type { CompiledSql, SqlCompiler } from '../dialect/sql-compiler.js'
import { createDatabaseError } from '../errors/database-error.js'
import { isSluiceError } from '../errors/sluice-error.js'
import type { QueryPlan } from '../plan/query-plan.js'
import type { RequestContext } from '../request/request-context.js'
import { readPageRow, readSingleRow } from './read-result-row.js'
import type { ResultSet } from './result-set.js'
import type { ExecuteStage } from './stage.js'

interface CachedStatement {
  readonly compiled: CompiledSql
  /** Prepared-statement name, for the first shapes only (bounds the statements each connection keeps). */
  readonly name: string | undefined
}

const CACHE_SIZE = 2000
const NAMED_STATEMENTS = 500

/**
 * Compiles a plan once per shape (LRU of SQL texts keyed by shape key), binds its parameters, runs it with one
 * round trip, and maps driver errors to coded errors through the dialect's classifier.
 */
@injectable()
export class DefaultExecuteStage implements ExecuteStage {
  readonly #cache = new LRUCache<string, CachedStatement>({ max: CACHE_SIZE })
  #named = 0

  constructor(
    @inject(Tokens.Driver) private readonly driver: Driver,
    @inject(Tokens.SqlCompiler) private readonly compiler: SqlCompiler,
    @inject(Tokens.Dialect) private readonly dialect: Dialect,
  ) {}

  async run(plan: QueryPlan, context: RequestContext): Promise<ResultSet> {
    const statement = this.#statement(plan)
    const query = { sql: statement.compiled.sql, parameters: this.compiler.bindParameters(plan, statement.compiled), name: statement.name }
    let rows: readonly Record<string, unknown>[]
    try {
      rows = (await this.driver.execute(query, { signal: context.signal })).rows
    } catch (error) {
      if (isSluiceError(error)) throw error
      throw createDatabaseError(this.dialect.classifyError(error), error)
    }
    if (plan.result.mode === 'single') return readSingleRow(rows)
    return readPageRow(rows, plan.result, plan.columns)
  }

  #statement(plan: QueryPlan): CachedStatement {
    let statement = this.#cache.get(plan.shapeKey)
    if (statement === undefined) {
      const name = this.#named < NAMED_STATEMENTS ? `sluice_${++this.#named}` : undefined
      statement = { compiled: this.compiler.compile(plan), name }
      this.#cache.set(plan.shapeKey, statement)
    }
    return statement
  }
}
