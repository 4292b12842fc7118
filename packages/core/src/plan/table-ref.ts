import type { QualifiedName } from '../model/database-metadata.js'

/** A table (or view) in a plan, with the alias its columns are referenced by. */
export interface TableRef {
  readonly name: QualifiedName
  readonly alias: string
}
