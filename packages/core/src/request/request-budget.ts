import { performance } from 'node:perf_hooks'
import type { LimitsConfig } from '../config/runtime-config.js'
import { SluiceError } from '../errors/sluice-error.js'

/**
 * The work one HTTP request may cause, shared by every operation it runs (a GraphQL document's root fields, a
 * delete's read before it, each record of a multiple create): how many statements, and how many rows their reads
 * may make the database build (`runtime.limits.max-statements-per-request`, `max-query-cost`). The pipeline claims
 * from it before each statement is planned; nothing else writes it, and a claim is never given back, because no
 * operation of a request runs twice.
 *
 * It also holds the request's deadline for prepared operations (`Pipeline.execute`): once `deadlineMs` (the
 * statement timeout) has passed since the request's first statement started, it starts no other. Each statement is
 * bounded by the database's statement timeout and each wait for a connection by the acquire timeout; this bounds how
 * those add up over a document of many statements.
 */
export class RequestBudget {
  #statements = 0
  #rows = 0
  #startedAt: number | undefined

  constructor(
    private readonly maxStatements: number | null,
    private readonly maxRows: number | null,
    private readonly deadlineMs: number | null = null,
  ) {}

  static fromLimits(limits: LimitsConfig): RequestBudget {
    const deadline = limits.statementTimeoutSeconds === null ? null : limits.statementTimeoutSeconds * 1000
    return new RequestBudget(limits.maxStatementsPerRequest, limits.maxQueryCost, deadline)
  }

  /** Statements claimed so far. */
  get statements(): number {
    return this.#statements
  }

  /** Rows claimed so far (the estimate of `estimateReadCost`, summed). */
  get rows(): number {
    return this.#rows
  }

  /** Claims one statement that may build up to `rows` rows; throws the coded 400 of the bound it would pass. */
  claim(rows: number): void {
    const statements = this.#statements + 1
    if (this.maxStatements !== null && statements > this.maxStatements) {
      throw new SluiceError('SLUICE_ERR_TOO_MANY_STATEMENTS', { limit: this.maxStatements })
    }
    const total = this.#rows + rows
    if (this.maxRows !== null && total > this.maxRows)
      throw new SluiceError('SLUICE_ERR_QUERY_COST', { cost: total, limit: this.maxRows })
    this.#statements = statements
    this.#rows = total
  }

  /** Before a prepared statement starts: the first starts the request's clock; past the deadline, none starts. */
  startStatement(now: number = performance.now()): void {
    if (this.#startedAt === undefined) {
      this.#startedAt = now
      return
    }
    if (this.deadlineMs !== null && now - this.#startedAt >= this.deadlineMs) {
      throw new SluiceError('SLUICE_ERR_REQUEST_DEADLINE', { seconds: this.deadlineMs / 1000 })
    }
  }
}
