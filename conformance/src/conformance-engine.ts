import type { DialectPlugin } from '@sluice/core'
import type { Fixture } from './fixture.js'
import type { ScenarioKey } from './scenario-keys.js'

/**
 * Where an engine session's data lives, as a config's `data-source` needs it. The suite writes configs from it:
 * `database-type`, `connection-string`, `options`, and entity `source.object` names `<schema>.<table>` (or just
 * `<table>` without a schema).
 */
export interface ConformanceSource {
  /** `data-source.database-type`; the session's plugin must serve it. */
  readonly databaseType: string
  readonly connectionString: string
  /** `data-source.options`, when the dialect needs any. */
  readonly options?: Readonly<Record<string, unknown>>
  /** Schema (or database) that qualifies fixture tables in `source.object`. */
  readonly schema?: string
}

/**
 * One open database for one suite run: an isolated place (a fresh database, schema or in-memory instance) the
 * suite fills with fixtures. Sessions are used by one scenario at a time.
 */
export interface EngineSession {
  readonly source: ConformanceSource
  /**
   * Creates `fixture`'s tables (columns of the neutral types, primary key, rows) in the session's place, with
   * byte-order (binary) collation for text. Tables are created before any server is started on them.
   */
  applyFixture(fixture: Fixture): Promise<void>
  /** Drops every table `applyFixture` created, leaving the place empty for the next fixture. */
  reset(): Promise<void>
  /** Removes the place (drops the schema, closes the instance) and releases connections. */
  close(): Promise<void>
}

/**
 * Limits of the database itself (not Sluice rules) that some scenarios must take into account. A limit is a
 * capability of the engine, not a failure: a scenario checks what the declared limit implies, and an engine that
 * declares none must accept what the scenario sends (or refuse it with a 4xx, never a 5xx).
 */
export interface EngineLimits {
  /**
   * The longest text primary-key value (in characters of noisy, incompressible text) the engine can store and index,
   * e.g. PostgreSQL's B-tree entry limit (2704 bytes) or a `VARCHAR(255)` key column. `write.junk-bodies` sends keys
   * of 10 to 50 thousand characters: longer than this limit they must get a 4xx envelope (never a 5xx); at most
   * this long, or without a declared limit, they may be written (the scenario deletes them again) or get a 4xx.
   */
  readonly maxIndexedTextKeyLength?: number
  /**
   * Whether the database can generate one part of a composite primary key (an identity beside key parts the caller
   * chooses, as in Data API builder's sample `Review`). Default `true`. SQLite generates only the rowid, a
   * single-column key, so it declares `false`: `write.model-based` and `write.junk-bodies` then generate a key only
   * as a whole single-column key, and check everything else as usual.
   */
  readonly compositeGeneratedKeys?: boolean
}

/**
 * What an engine implements to run the conformance suite (see `runConformanceSuite`). Scenarios never look at
 * `name`; they branch on the dialect's `capabilities` only.
 */
export interface ConformanceEngine<S extends EngineSession = EngineSession> {
  /** Shown in test names and matched by `SLUICE_ENGINES` (e.g. `pglite`, `postgres`, `mariadb`, `mssql`). */
  readonly name: string
  /**
   * The dialect plugin under test, bound to `session` (called once per server the suite starts). The engine, not
   * the suite, creates it, so it comes from the engine's own copy of its packages.
   */
  createPlugin(session: S): DialectPlugin
  /**
   * Opens a fresh session. When the engine cannot be reached, reject with `createEngineUnavailableError(reason)`:
   * the suite then skips stating the reason, except under `CI=true`, where it fails.
   */
  open(): Promise<S>
  /** Limits of the database that scenarios check against instead of failing (see `EngineLimits`); default none. */
  readonly limits?: EngineLimits
  /** Scenarios known to fail on this engine; each runs as `it.fails`, so a fixed gap turns red until removed. */
  readonly knownGaps?: readonly ScenarioKey[]
}
