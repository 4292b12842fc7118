import type { Abortable } from './abortable.js'
import type { DatabaseMetadata, QualifiedName, SourceObject, TableListing } from '../model/database-metadata.js'
import type { DatabaseStatistics } from '../model/object-statistics.js'

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
  /**
   * The catalog's statistics for the given tables, views and linking objects (names resolved, as the service model
   * holds them): estimated rows, and per column how many rows share one value (`ObjectStatistics`). Read in one or
   * a few catalog queries however many objects there are, at start-up after `introspect` and again in the
   * background every few minutes; never per request. Leave out what the catalog does not know (a table never
   * analyzed, a view): core then bounds reads by page sizes alone. Optional: without it every read is estimated from
   * page sizes.
   */
  readStatistics?(objects: readonly QualifiedName[], options?: Abortable): Promise<DatabaseStatistics>
}
