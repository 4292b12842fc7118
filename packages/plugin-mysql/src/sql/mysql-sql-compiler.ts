import { BaseSqlCompiler, hasExactJsonForm, invariant, qualifiedKey, type ColumnRef, type DeletePlan, type InsertGuard, type InsertPlan, type OrderTerm, type OutputColumn, type ParameterSink, type AggregatePlan, type CaseFold, type ExecutePlan, type NestedSelect, type ParamRef, type PlanParameter, type PredicateNode, type QueryPlan, type ReturnedRecord, type ScalarType, type SelectPlan, type CompiledSql, type TableRef, type UpdatePlan, type UpsertPlan } from '@sluice/core/dialect'
import { IF_FOUND, THEN } from './mysql-batch.js'
import { toMysqlDateTime } from './to-mysql-date-time.js'
import { mysqlCastType } from './mysql-cast-type.js'
import { MysqlRoutines } from './mysql-routines.js'
import { MysqlServerInfo } from './mysql-server.js'

/** Alias of the derived table a page is aggregated from. */
const PAGE = '`sluice:p`'
/** Separator of page elements: a comma and a raw newline (see `PageResult`), written literally so the SQL mode's
 * backslash handling does not matter. */
const ELEMENT_SEPARATOR = "',\n'"
const NEWLINE = "'\n'"
/** Names that may stand in a quoted string literal whatever the SQL mode (no quote, no backslash). */
const PLAIN_TEXT = /^[^'\\\u0000]*$/

/**
 * SQL for the MySQL family (MySQL 8 and MariaDB 10.5+), with `?` placeholders. The response JSON is built by the
 * server: `JSON_OBJECT` per row and, for pages, `GROUP_CONCAT(… ORDER BY … SEPARATOR ',\n')` — portable where
 * `JSON_ARRAYAGG` is not (MySQL ignores ORDER BY in it) and yielding the newline-separated array core splits.
 * Writes use `RETURNING` where the server has it (MariaDB INSERT and DELETE); otherwise a batch (see
 * `mysql-batch.ts`) writes and reads the row back in one transaction. Which server it is comes from the shared
 * {@link MysqlServerInfo}, filled in when the driver connects (before any request is compiled).
 */
export class MysqlSqlCompiler extends BaseSqlCompiler {
  protected readonly numberedParameters = false
  #parameters: readonly PlanParameter[] = []
  /** Column references without their table alias (RETURNING, single-table DELETE: MariaDB takes no alias there). */
  #bare = false

  constructor(private readonly server: MysqlServerInfo = new MysqlServerInfo(), private readonly routines: MysqlRoutines = new MysqlRoutines()) {
    super()
  }

  override compile(plan: QueryPlan): CompiledSql {
    this.#parameters = plan.parameters
    try {
      return super.compile(plan)
    } finally {
      this.#parameters = []
      this.#bare = false
    }
  }

  protected quoteIdentifier(name: string): string {
    invariant(!name.includes('/*sluice:'), 'identifiers never contain the batch marker')
    return `\`${name.replace(/`/g, '``')}\``
  }

  /**
   * `?`, cast where MySQL would otherwise compare a string parameter with a number as DOUBLE: 64-bit integers and
   * decimals arrive as text to keep every digit, and must be compared as exact numbers.
   */
  protected placeholder(index: number): string {
    switch (this.#parameters[index]?.type) {
      case 'long':
        return 'CAST(? AS DECIMAL(20,0))'
      case 'decimal':
        return 'CAST(? AS DECIMAL(65,30))'
      default:
        return '?'
    }
  }

  /** Values as mysql2 binds them: booleans as 1/0, date-times without `T` and zone, bytes as Buffers. */
  protected override convertParameter(parameter: PlanParameter): unknown {
    const value = parameter.value
    if (value === null || value === undefined) return null
    switch (parameter.type) {
      case 'boolean':
        // Cursor values come back as text ('true', '1').
        return value === true || value === 1 || value === 'true' || value === '1' ? 1 : 0
      case 'datetime':
      case 'datetimeoffset':
        return typeof value === 'string' ? toMysqlDateTime(value) : value
      default:
        if (value instanceof Uint8Array && !Buffer.isBuffer(value)) return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
        return typeof value === 'bigint' ? value.toString() : value
    }
  }

  protected override quoteString(text: string): string {
    if (PLAIN_TEXT.test(text)) return `'${text}'`
    return `CONVERT(X'${Buffer.from(text, 'utf8').toString('hex')}' USING utf8mb4)`
  }

  protected override column(ref: ColumnRef): string {
    return this.#bare ? this.quoteIdentifier(ref.column) : super.column(ref)
  }

  /** Backslash is already MySQL's LIKE escape; `CHAR(92)` says so without depending on the SQL mode. */
  protected override likeEscape(): string {
    return ' ESCAPE CHAR(92 USING utf8mb4)'
  }

  /**
   * Folded in utf8mb4 under a binary, no-pad collation (MySQL `utf8mb4_0900_bin`, MariaDB `utf8mb4_nopad_bin`): a
   * column's `_ci` or accent-insensitive collation must not decide a folded comparison, and neither may trailing
   * spaces. Binary utf8mb4 collations compare by code point.
   */
  protected override caseFold(fold: CaseFold, operand: string): string {
    const collation = this.server.flavor === 'mariadb' ? 'utf8mb4_nopad_bin' : 'utf8mb4_0900_bin'
    return `${fold === 'lower' ? 'LOWER' : 'UPPER'}(CONVERT(${operand} USING utf8mb4) COLLATE ${collation})`
  }

  /** MySQL sorts NULL lowest already (first ascending, last descending): Sluice's rule, with no extra clause. */
  protected override orderTerm(term: OrderTerm): string {
    return `${this.column(term.column)} ${term.direction === 'asc' ? 'ASC' : 'DESC'}`
  }

  protected compileSelect(plan: SelectPlan, sink: ParameterSink): string {
    if (plan.aggregate !== undefined) return this.aggregateSelect(plan, plan.aggregate, sink)
    const relations = plan.relations ?? NO_NESTED
    const marker = plan.nestedCursors?.marker
    if (plan.result.mode === 'single') {
      return `SELECT ${this.record(plan.columns, relations, sink, marker)} AS \`data\` FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)} LIMIT 1`
    }
    if (plan.result.mode === 'stream') {
      // One row per record with its cursor values as text; core reads them through Driver.stream.
      const { fetch, cursorColumns } = plan.result
      const carried = cursorColumns.map((c, i) => `, CAST(${this.column(c)} AS CHAR) AS \`c${i}\``).join('')
      // Placeholders are positional: each part is rendered in the order it stands in the text.
      return `SELECT ${this.record(plan.columns, relations, sink, marker)} AS \`data\`${carried}${this.count(plan, sink)} FROM ${this.tableRef(plan.table)}`
        + `${this.where(plan.where, sink)}${this.orderBy(plan.orderBy)} LIMIT ${this.integerLiteral(fetch)}${this.offset(plan.result, sink)}`
    }
    const { limit, fetch, cursorColumns } = plan.result
    const outputs = cursorColumns.map((c) => plan.columns.find((o) => sameColumn(o.column, c)))
    // Core reads the cursor from the record when every ordering value is output with an exact JSON form (floats
    // excluded: the servers print doubles with fewer digits than they hold).
    const fromRecord = outputs.every((o) => o !== undefined && hasExactJsonForm(o.type) && o.type !== 'single' && o.type !== 'float')
    const carried = fromRecord ? '' : cursorColumns.map((c, i) => `, CAST(${this.column(c)} AS CHAR) AS \`c${i}\``).join('')
    const cursor = fromRecord
      ? ''
      : `, GROUP_CONCAT(CASE WHEN ${PAGE}.\`n\` = ${this.integerLiteral(limit)} THEN JSON_ARRAY(${cursorColumns.map((_, i) => `${PAGE}.\`c${i}\``).join(', ')}) END) AS \`cursor\``
    const order = this.orderBy(plan.orderBy)
    // The count stands before the rows in the text, so its placeholders are recorded first.
    const count = this.count(plan, sink)
    const rows = `SELECT ${this.record(plan.columns, relations, sink, marker)} AS \`j\`, ROW_NUMBER() OVER (${order.trim()}) AS \`n\`${carried} `
      + `FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}${order} LIMIT ${this.integerLiteral(fetch)}${this.offset(plan.result, sink)}`
    return `SELECT CONCAT('[', GROUP_CONCAT(${PAGE}.\`j\` ORDER BY ${PAGE}.\`n\` SEPARATOR ${ELEMENT_SEPARATOR}), ']') AS \`data\`${cursor}${count} FROM (${rows}) AS ${PAGE}`
  }

  /** `, (SELECT COUNT(*) …) AS count` when the plan counts its rows (an uncorrelated sub-query, run once), else ''. */
  protected count(plan: SelectPlan, sink: ParameterSink): string {
    return plan.count === undefined ? '' : `, ${this.countRows(this.tableRef(plan.table), [plan.count.where], sink)} AS \`count\``
  }

  /**
   * Groups as one JSON array ordered by the group columns (NULL first: MySQL's own order, Sluice's rule): an inner
   * GROUP BY computes the aggregates, an outer GROUP_CONCAT builds `{"fields": {…}, "aggregations": {…}}` per group.
   * HAVING compares as DOUBLE, so a fractional bound works against integer aggregates.
   */
  protected aggregateSelect(plan: SelectPlan, aggregate: AggregatePlan, sink: ParameterSink): string {
    const fields = aggregate.groupBy.map((g, i) => `${this.quoteString(g.name)}, ${this.jsonValue(`\`x\`.\`g${i}\``, g.type)}`).join(', ')
    const aggs = aggregate.aggregations.map((a, i) => `${this.quoteString(a.name)}, \`x\`.\`a${i}\``).join(', ')
    const order = aggregate.groupBy.length === 0 ? '' : ` ORDER BY ${aggregate.groupBy.map((_, i) => `\`x\`.\`g${i}\` ASC`).join(', ')}`
    return `SELECT CONCAT('[', COALESCE(GROUP_CONCAT(JSON_OBJECT('fields', JSON_OBJECT(${fields}), 'aggregations', JSON_OBJECT(${aggs}))${order} SEPARATOR ','), ''), ']') AS \`data\` `
      + `FROM (${this.aggregateGroups(plan, aggregate, sink)}) AS \`x\``
  }

  protected override asDouble(expr: string): string {
    return `CAST(${expr} AS DOUBLE)`
  }

  protected override aggregateCall(a: AggregatePlan['aggregations'][number]): string {
    return `${a.function.toUpperCase()}(${a.distinct ? 'DISTINCT ' : ''}${this.column(a.column)})`
  }

  protected compileInsert(plan: InsertPlan, sink: ParameterSink): string {
    const insert = `INSERT INTO ${this.qualifiedName(plan.table.name)}${this.insertValues(plan, sink)}`
    if (this.server.flavor === 'mariadb') return `${insert} RETURNING ${this.returned(plan.returning, sink, true)}`
    // The key of the inserted row: the value written, or the one AUTO_INCREMENT generated.
    const key = () => plan.returning.keyColumns.map((c) => {
      const written = plan.values.find((v) => v.column === c.column)
      const value = written === undefined || written.value.kind === 'default' ? 'LAST_INSERT_ID()' : sink.placeholder(written.value)
      return `${this.column(c)} = ${value}`
    })
    return `${insert}${IF_FOUND}${this.readBack(plan.table, plan.returning, key, sink)}`
  }

  protected compileUpdate(plan: UpdatePlan, sink: ParameterSink): string {
    // Nothing to change (PATCH with an empty body): read the row, so an absent row is still told apart.
    if (plan.set.length === 0) {
      return `SELECT ${this.returned(plan.returning, sink, false)} FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)} LIMIT 1`
    }
    const update = `UPDATE ${this.tableRef(plan.table)} SET ${this.assignments(plan.set, sink)}${this.where(plan.where, sink)}`
    // Read back by key: the policy in `where` may no longer hold for the row as written.
    const key = () => plan.returning.keyColumns.map((c) => {
      const written = plan.set.find((v) => v.column === c.column && v.value.kind === 'param')
      const ref = written !== undefined && written.value.kind === 'param' ? written.value : findKeyParameter(plan.where, c)
      invariant(ref !== undefined, `update of ${c.column}: the key is bound in the row predicate`)
      return `${this.column(c)} = ${sink.placeholder(ref)}`
    })
    return `${update}${IF_FOUND}${this.readBack(plan.table, plan.returning, key, sink)}`
  }

  protected compileUpsert(_plan: UpsertPlan, _sink: ParameterSink): string {
    throw new Error('the MySQL family declares no native upsert; core plans update-or-insert instead')
  }

  protected override compileDelete(plan: DeletePlan, sink: ParameterSink): string {
    if (this.server.flavor === 'mariadb') {
      this.#bare = true
      const sql = `DELETE FROM ${this.qualifiedName(plan.table.name)}${this.where(plan.where, sink)} RETURNING 1 AS \`deleted\``
      this.#bare = false
      return sql
    }
    const t = this.quoteIdentifier(plan.table.alias)
    return `DELETE ${t} FROM ${this.tableRef(plan.table)}${this.where(plan.where, sink)}${IF_FOUND}SELECT 1 AS \`deleted\``
  }

  /**
   * `CALL db.proc(…)` with every declared parameter by position (MySQL has neither named arguments nor parameter
   * defaults): IN parameters the plan passes get their value, others the default the routine's COMMENT declares
   * (a literal from the database's own metadata), else NULL; OUT and INOUT ones are session variables
   * (`@sluice_p<n>`), an INOUT value set just before the call in the same batch. The driver returns the first result
   * set's rows; core names and serializes them (`executeResult` 'rows').
   */
  protected override compileExecute(plan: ExecutePlan, sink: ParameterSink): string {
    const declared = this.routines.get(qualifiedKey(plan.procedure))
      ?? [...plan.arguments.map((a) => ({ name: a.name, mode: 'in' as const })), ...plan.outputParameters.map((name) => ({ name, mode: 'out' as const }))]
    const variable = (i: number): string => `@\`sluice_p${i}\``
    const given = (name: string) => plan.arguments.find((a) => a.name === name)
    // Rendered in textual order: the SETs, then the CALL's arguments.
    const setup = declared.flatMap((p, i) => {
      if (p.mode !== 'inout') return []
      const value = given(p.name)
      return [`SET ${variable(i)} = ${value === undefined ? 'NULL' : sink.placeholder(value.value)}`]
    })
    const key = qualifiedKey(plan.procedure)
    const args = declared.map((p, i) => {
      if (p.mode !== 'in') return variable(i)
      const value = given(p.name)
      if (value !== undefined) return sink.placeholder(value.value)
      // Left out: the default the routine's COMMENT declares (see parseParameterDefaults), else NULL.
      const declaredDefault = this.routines.defaultOf(key, p.name.toLowerCase())
      return declaredDefault === undefined ? 'NULL' : this.quoteString(declaredDefault)
    })
    return [...setup, `CALL ${this.qualifiedName(plan.procedure)}(${args.join(', ')})`].join(THEN)
  }

  protected override executeResult(_plan: ExecutePlan): 'json' | 'rows' {
    return 'rows'
  }

  protected insertValues(plan: InsertPlan, sink: ParameterSink): string {
    if (plan.guard !== undefined) return this.guardedValues(plan, plan.guard, sink)
    if (plan.values.length === 0) return ' () VALUES ()'
    const columns = plan.values.map((v) => this.quoteIdentifier(v.column)).join(', ')
    return ` (${columns}) VALUES (${plan.values.map((v) => this.writeValue(v, sink)).join(', ')})`
  }

  /**
   * Insert-select from the proposed row, kept only when it meets the create policy. Its values are cast to (the
   * nearest castable form of) their column types, so the policy compares numbers as numbers and dates as dates.
   */
  protected guardedValues(plan: InsertPlan, guard: InsertGuard, sink: ParameterSink): string {
    return ` (${plan.values.map((v) => this.quoteIdentifier(v.column)).join(', ')}) ${this.guardedSelect(plan, guard, sink)}`
  }

  protected override castTo(value: string, dbType: string): string {
    return `CAST(${value} AS ${mysqlCastType(dbType, this.server.flavor)})`
  }
  /**
   * The SELECT that reads the written row back by key (one row, or none). `key` renders the key comparisons; it is
   * called after the select list, so placeholders are recorded in textual order.
   */
  protected readBack(table: TableRef, returning: ReturnedRecord, key: () => readonly string[], sink: ParameterSink): string {
    const selected = this.returned(returning, sink, false)
    return `SELECT ${selected} FROM ${this.tableRef(table)} WHERE ${key().join(' AND ')}`
  }

  /** `data` (the record JSON, when the read policy admits the row) and `key` (JSON array of the key values as text). */
  protected returned(returning: ReturnedRecord, sink: ParameterSink, bare: boolean): string {
    const previous = this.#bare
    this.#bare = bare
    try {
      const key = `JSON_ARRAY(${returning.keyColumns.map((c) => `CAST(${this.column(c)} AS CHAR)`).join(', ')}) AS \`key\``
      if (returning.columns.length === 0) return `NULL AS \`data\`, ${key}`
      const json = this.record(returning.columns)
      const data = returning.visible === undefined ? json : `CASE WHEN ${this.predicate(returning.visible, sink)} THEN ${json} END`
      return `${data} AS \`data\`, ${key}`
    } finally {
      this.#bare = previous
    }
  }

  /** The row as a JSON object keyed by API-level names, nested relationships last. */
  protected record(columns: readonly OutputColumn[], relations: readonly NestedSelect[] = NO_NESTED, sink?: ParameterSink, marker?: ParamRef): string {
    const items = columns.map((c) => `${this.quoteString(c.name)}, ${this.jsonValue(this.column(c.column), c.type)}`)
    for (const n of relations) items.push(`${this.quoteString(n.name)}, ${this.nestedValue(n, sink!, marker)}`)
    // MariaDB types an argument-less JSON_OBJECT() with length 0: materialized in a derived table it becomes ''.
    if (items.length === 0) return `JSON_EXTRACT('{}', '$')`
    return `JSON_OBJECT(${items.join(', ')})`
  }

  /**
   * A nested relationship as one correlated subquery in the parent's JSON_OBJECT (a subquery's JSON is nested as
   * JSON through `JSON_EXTRACT(…, '$')`). `one` → the first related record or NULL. `many` → the connection object
   * `{"items", "hasNextPage", "endCursor"}`: on MariaDB (no LATERAL, no outer references in derived tables) with
   * `GROUP_CONCAT(… ORDER BY … LIMIT n)`; on MySQL 8.0.14+ (no LIMIT in GROUP_CONCAT) over a derived table of the
   * first limit + 1 rows numbered by ROW_NUMBER. Items are joined by ',' only: a raw newline would break the root
   * page's count. `endCursor` is the marker parameter, `<cursor index>:` and the ordering values of row `limit`.
   */
  protected nestedValue(n: NestedSelect, sink: ParameterSink, marker: ParamRef | undefined): string {
    const tables = n.linking === undefined ? this.tableRef(n.table) : `${this.tableRef(n.table)} CROSS JOIN ${this.tableRef(n.linking)}`
    const where = (): string => ` WHERE ${this.nested(n.join, sink)}${n.where === undefined ? '' : ` AND ${this.nested(n.where, sink)}`}`
    if (n.page === undefined) {
      const record = this.record(n.columns, n.relations, sink, marker)
      return `JSON_EXTRACT((SELECT ${record} FROM ${tables}${where()}${this.orderBy(n.orderBy)} LIMIT 1), '$')`
    }
    invariant(marker !== undefined, 'a nested page needs the cursor marker parameter')
    const L = this.integerLiteral(n.page.limit)
    const index = this.integerLiteral(n.page.cursor)
    const cursorValues = (ref: (c: ColumnRef, i: number) => string): string => `JSON_ARRAY(${n.page!.cursorColumns.map(ref).join(', ')})`
    // Each parent's related rows the policy and filter admit, whatever page `after` asks for; rendered right after the
    // marker, where it stands in the text (positional placeholders).
    const total = (): string => (n.count === undefined ? '' : `, 'totalCount', ${this.countRows(tables, [n.join, n.count.where], sink)}`)
    const connection = (items: string, endCursorValues: string, markerSql: string, totalSql: string): string =>
      `JSON_OBJECT('items', JSON_EXTRACT(CONCAT('[', COALESCE(${items}, ''), ']'), '$'), `
      + `'hasNextPage', JSON_EXTRACT(IF(COUNT(*) > ${L}, 'true', 'false'), '$'), `
      + `'endCursor', IF(COUNT(*) > ${L}, CONCAT(${markerSql}, '${index}:', ${endCursorValues}), NULL)${totalSql})`
    const order = n.orderBy.map((t) => this.orderTerm(t)).join(', ')
    if (this.server.flavor === 'mariadb') {
      // MariaDB's GROUP_CONCAT … ORDER BY does not sort NULL lowest once there are several keys (10.11: `score ASC, id
      // ASC` puts NULL between 0 and 2), so nullable keys get an explicit NULL key first.
      const groupOrder = n.orderBy.map((t) => (t.nullable ? `${this.column(t.column)} IS NULL ${t.direction === 'asc' ? 'DESC' : 'ASC'}, ` : '') + this.orderTerm(t))
      const within = groupOrder.length === 0 ? '' : ` ORDER BY ${groupOrder.join(', ')}`
      const items = `GROUP_CONCAT(${this.record(n.columns, n.relations, sink, marker)}${within} SEPARATOR ',' LIMIT ${L})`
      const markerSql = sink.placeholder(marker)
      const totalSql = total()
      const last = `GROUP_CONCAT(${cursorValues((c) => `CAST(${this.column(c)} AS CHAR)`)}${within} SEPARATOR '' LIMIT ${this.integerLiteral(n.page.limit - 1)}, 1)`
      return `JSON_EXTRACT((SELECT ${connection(items, last, markerSql, totalSql)} FROM ${tables}${where()}), '$')`
    }
    const q = this.quoteIdentifier(`${n.table.alias}:q`)
    const items = `GROUP_CONCAT(CASE WHEN ${q}.\`n\` <= ${L} THEN ${q}.\`j\` END ORDER BY ${q}.\`n\` SEPARATOR ',')`
    const last = `GROUP_CONCAT(CASE WHEN ${q}.\`n\` = ${L} THEN ${cursorValues((_, i) => `${q}.\`c${i}\``)} END)`
    const markerSql = sink.placeholder(marker)
    const head = connection(items, last, markerSql, total())
    const carried = n.page.cursorColumns.map((c, i) => `, CAST(${this.column(c)} AS CHAR) AS \`c${i}\``).join('')
    const rows = `SELECT ${this.record(n.columns, n.relations, sink, marker)} AS \`j\`, ROW_NUMBER() OVER (${order === '' ? '' : `ORDER BY ${order}`}) AS \`n\`${carried} `
      + `FROM ${tables}${where()}${this.orderBy(n.orderBy)} LIMIT ${this.integerLiteral(n.page.fetch)}`
    return `JSON_EXTRACT((SELECT ${head} FROM (${rows}) AS ${q}), '$')`
  }

  /** A column as its JSON value: booleans (TINYINT(1)) as true/false, date-times in ISO form, bytes in base64. */
  protected jsonValue(column: string, type: ScalarType): string {
    switch (type) {
      case 'boolean':
        return `CASE WHEN ${column} IS NULL THEN NULL ELSE JSON_EXTRACT(IF(${column} <> 0, 'true', 'false'), '$') END`
      case 'datetime':
      case 'datetimeoffset':
        // ISO 8601 with the fraction's trailing zeros (and a bare '.') trimmed, as PostgreSQL prints them.
        return `TRIM(TRAILING '.' FROM TRIM(TRAILING '0' FROM DATE_FORMAT(${column}, '%Y-%m-%dT%H:%i:%s.%f')))`
      case 'bytes':
        // TO_BASE64 wraps lines every 76 characters.
        return `REPLACE(TO_BASE64(${column}), ${NEWLINE}, '')`
      case 'json':
        // A JSON value nests as JSON (MariaDB stores JSON as LONGTEXT: JSON_EXTRACT marks it as JSON).
        return `JSON_EXTRACT(${column}, '$')`
      default:
        return column
    }
  }
}

const NO_NESTED: readonly NestedSelect[] = Object.freeze([])

function sameColumn(a: ColumnRef, b: ColumnRef): boolean {
  return a.table === b.table && a.column === b.column
}

/** The parameter a row predicate compares key column `key` with (`key = ?` among its top-level conjuncts). */
function findKeyParameter(where: PredicateNode, key: ColumnRef) {
  const items = where.kind === 'and' ? where.items : [where]
  for (const item of items) {
    if (item.kind === 'compare' && item.op === 'eq' && item.left.kind === 'column' && sameColumn(item.left, key) && item.right.kind === 'param') return item.right
  }
  return undefined
}
