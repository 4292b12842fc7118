import type { QualifiedName } from '../model/database-metadata.js'

/** A table (or view) in a plan, with the alias its columns are referenced by. */
export interface TableRef {
  readonly name: QualifiedName
  readonly alias: string
  /**
   * Read these rows instead of the table (live data: a subscriber's read evaluated over the row images a write
   * returned). The compiler renders them as a common table expression ahead of the statement (`ROW_SOURCE_NAME`),
   * its values cast to the columns' database types, and reads it under `alias`.
   */
  readonly rows?: RowSource | undefined
}

/**
 * Rows given as parameters: `values[i][j]` is column `columns[j]` of row `i`, a `ParamRef` (written out here:
 * predicate-node.ts imports this file).
 */
export interface RowSource {
  readonly columns: readonly { readonly column: string; readonly dbType: string }[]
  readonly values: readonly (readonly { readonly kind: 'param'; readonly index: number }[])[]
}

/** The name of the common table expression that holds a `RowSource`. */
export const ROW_SOURCE_NAME = 'sluice:rows'
