import type { LimitsConfig } from '../config/runtime-config.js'
import { SluiceError } from '../errors/sluice-error.js'

/**
 * The work one HTTP request may cause, shared by every operation it runs (a GraphQL document's root fields, a
 * delete's read before it, each record of a multiple create): how many statements, and how many rows their reads
 * may make the database build (`runtime.limits.max-statements-per-request`, `max-query-cost`). The pipeline claims
 * from it before each statement is planned; nothing else writes it, and a claim is never given back, because no
 * operation of a request runs twice.
 */
export class RequestBudget {
  #statements = 0
  #rows = 0

  constructor(
    private readonly maxStatements: number | null,
    private readonly maxRows: number | null,
  ) {}

  static fromLimits(limits: LimitsConfig): RequestBudget {
    return new RequestBudget(limits.maxStatementsPerRequest, limits.maxQueryCost)
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
    if (this.maxRows !== null && total > this.maxRows) throw new SluiceError('SLUICE_ERR_QUERY_COST', { cost: total, limit: this.maxRows })
    this.#statements = statements
    this.#rows = total
  }
}
