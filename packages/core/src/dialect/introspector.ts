import type { Abortable } from './abortable.js'
import type { DatabaseMetadata, SourceObject } from '../model/database-metadata.js'

/**
 * Reads metadata for all configured objects together, in a fixed small number of queries regardless of how many
 * entities there are. Objects it cannot find are left out of the result; the service model reports them.
 */
export interface Introspector {
  introspect(objects: readonly SourceObject[], options?: Abortable): Promise<DatabaseMetadata>
}
