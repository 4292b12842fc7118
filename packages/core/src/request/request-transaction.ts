import type { Connection } from '../dialect/driver.js'

/**
 * The transaction a request's statements run in, when it runs several as one (multiple create): the execute stage
 * runs them on `connection` instead of a pooled session, and work that must wait for the end — the response
 * cache's evictions: before the commit another request could read and cache the old rows again — is queued with
 * `afterEnd` and run once the transaction has committed or rolled back.
 */
export class RequestTransaction {
  readonly #afterEnd: (() => Promise<void>)[] = []
  readonly #afterCommit: (() => void)[] = []

  constructor(
    readonly connection: Connection,
    /** The data source the transaction is on: every statement in it must be. */
    readonly dataSource: string,
  ) {}

  afterEnd(task: () => Promise<void>): void {
    this.#afterEnd.push(task)
  }

  /** Queues what may happen only once the transaction has committed (live data's change events). */
  afterCommit(task: () => void): void {
    this.#afterCommit.push(task)
  }

  /**
   * Runs what waited for the end, in order, then — when `committed` — what waited for the commit; called once, by
   * whoever began the transaction (`committed` false: rolled back, or perhaps committed before a failure).
   */
  async end(committed: boolean): Promise<void> {
    for (const task of this.#afterEnd.splice(0)) await task()
    const tasks = this.#afterCommit.splice(0)
    if (committed) for (const task of tasks) task()
  }
}
