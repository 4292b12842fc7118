import { qualifiedKey, type QualifiedName, type ScalarType } from '@sluice/core/dialect'

/**
 * The default expressions (and scalar types) of introspected columns, shared by a dialect's introspector (which fills it at start-up)
 * and compiler. SQLite has no `DEFAULT` keyword in `UPDATE … SET`, so a PUT that resets a field to its default
 * writes the column's own default expression — text from the database's schema, never from a request.
 */
export class SqliteColumnDefaults {
  readonly #byTable = new Map<string, ReadonlyMap<string, string>>()
  readonly #types = new Map<string, ReadonlyMap<string, ScalarType>>()

  set(
    table: QualifiedName,
    defaults: ReadonlyMap<string, string>,
    types: ReadonlyMap<string, ScalarType> = new Map(),
  ): void {
    this.#byTable.set(qualifiedKey(table), defaults)
    this.#types.set(qualifiedKey(table), types)
  }

  /** The column's scalar type, for comparisons that need a conversion (a date against a date-time). */
  type(table: QualifiedName, column: string): ScalarType | undefined {
    return this.#types.get(qualifiedKey(table))?.get(column)
  }

  /** The column's default as an SQL expression: `(<default>)`, or `NULL` when it has none. */
  expression(table: QualifiedName, column: string): string {
    const text = this.#byTable.get(qualifiedKey(table))?.get(column)
    return text === undefined ? 'NULL' : `(${text})`
  }
}
