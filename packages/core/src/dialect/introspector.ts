import type { Abortable } from './abortable.js'
import type { DatabaseMetadata, SourceObject, TableListing } from '../model/database-metadata.js'

/**
 * Reads metadata for all configured objects together, in a fixed small number of queries regardless of how many
 * entities there are. Objects it cannot find are left out of the result; the service model reports them.
 */
export interface Introspector {
  introspect(objects: readonly SourceObject[], options?: Abortable): Promise<DatabaseMetadata>
  /**
   * Every user table `autoentities` may match, in one catalog query however many there are: tables (partitioned
   * ones as one table, never their partitions) of the connection's database, without the engine's system, catalog
   * and extension-owned tables. Core matches the patterns, so no pattern reaches SQL. Optional: `autoentities` on a
   * dialect without it is a start-up problem.
   */
  listTables?(options?: Abortable): Promise<readonly TableListing[]>
}
