import { qualifiedKey, type QualifiedName } from '@sluice/core/dialect'

/**
 * The default expressions of introspected columns, shared by a dialect's introspector (which fills it at start-up)
 * and compiler. SQLite has no `DEFAULT` keyword in `UPDATE … SET`, so a PUT that resets a field to its default
 * writes the column's own default expression — text from the database's schema, never from a request.
 */
export class SqliteColumnDefaults {
  readonly #byTable = new Map<string, ReadonlyMap<string, string>>()

  set(table: QualifiedName, defaults: ReadonlyMap<string, string>): void {
    this.#byTable.set(qualifiedKey(table), defaults)
  }

  /** The column's default as an SQL expression: `(<default>)`, or `NULL` when it has none. */
  expression(table: QualifiedName, column: string): string {
    const text = this.#byTable.get(qualifiedKey(table))?.get(column)
    return text === undefined ? 'NULL' : `(${text})`
  }
}
