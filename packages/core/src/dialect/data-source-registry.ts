import type { DataSourceConfig } from '../config/runtime-config.js'
import { invariant } from '../util/invariant.js'
import type { Dialect } from './dialect.js'
import type { Driver } from './driver.js'
import type { SqlCompiler } from './sql-compiler.js'

/** One opened data source: its config and the dialect parts that serve it. */
export interface DataSourceRuntime {
  readonly name: string
  readonly config: DataSourceConfig
  readonly dialect: Dialect
  readonly driver: Driver
  readonly compiler: SqlCompiler
}

/**
 * The data sources a server opened at start-up (`RuntimeConfig.dataSources`), by name. Plans name the data source
 * of their entity (`dataSource`); a plan without one, and code that predates several sources, uses the default.
 */
export class DataSourceRegistry {
  readonly #byName: ReadonlyMap<string, DataSourceRuntime>
  readonly default: DataSourceRuntime

  constructor(sources: readonly DataSourceRuntime[]) {
    invariant(sources.length > 0, 'a server has at least one data source')
    this.#byName = new Map(sources.map((s) => [s.name, s]))
    this.default = sources[0]!
  }

  /** Every data source, the default first. */
  get all(): readonly DataSourceRuntime[] {
    return [...this.#byName.values()]
  }

  /** The named data source (the default for `undefined`). Plans only name sources opened at start-up. */
  get(name: string | undefined): DataSourceRuntime {
    if (name === undefined) return this.default
    const found = this.#byName.get(name)
    invariant(found !== undefined, `data source ${name} was opened at start-up`)
    return found
  }
}
