import {
  JsonObjectSqlCompiler,
  invariant,
  type OrderTerm,
  type OutputColumn,
  type ParameterSink,
  type AggregatePlan,
  type CaseFold,
  type NestedSelect,
  type ParamRef,
  type PlanParameter,
  type QueryPlan,
  type ScalarType,
  type CompiledSql,
  type SelectPlan,
} from '@sluice/core/dialect'
import { buildPageCut } from './build-page-cut.js'
import { checkedNestedText, orUnbuiltMark } from './checked-nested-text.js'
import { boundedPage, checkedText, nestedRecordText, orInvalid, orTooLarge } from './mysql-text-limit.js'
import { toMysqlDateTime } from './to-mysql-date-time.js'
import { mysqlJsonValue } from './mysql-json-value.js'
import { MysqlServerInfo } from './mysql-server.js'

/** Separator of page elements: a comma and a raw newline (see `PageResult`), written literally so the SQL mode's
 * backslash handling does not matter. */
const ELEMENT_SEPARATOR = "',\n'"
/** The separator's length in bytes (`boundedPage` sums the page's length). */
const ELEMENT_SEPARATOR_BYTES = 2
/** Names that may stand in a quoted string literal whatever the SQL mode (no quote, no backslash). */
const PLAIN_TEXT = /^[^'\\\u0000]*$/
/** A JSON object member written as text: its name, then the SQL parts of its value (JSON text). */
type TextMember = readonly [name: string, ...value: string[]]

/**
 * The MySQL family's reads (MySQL 8 and MariaDB 10.5+), with `?` placeholders: the statements of
 * {@link JsonObjectSqlCompiler} in MySQL's spellings (`JSON_OBJECT` per row, `GROUP_CONCAT(… ORDER BY … SEPARATOR …)`
 * for pages — portable where `JSON_ARRAYAGG` is not: MySQL ignores ORDER BY in it), plus what differs: MariaDB's
 * nested pages, and answers past the server's text limit (`mysql-text-limit.ts`: records with relationships,
 * connections and groups are joined as text, so that NULL reaches the top). Writes are `MysqlSqlCompiler`'s. Which
 * server it is comes from the shared {@link MysqlServerInfo}, filled in when the driver connects (before any request
 * is compiled).
 */
export abstract class MysqlReadSqlCompiler extends JsonObjectSqlCompiler {
  protected readonly numberedParameters = false
  #parameters: readonly PlanParameter[] = []

  constructor(protected readonly server: MysqlServerInfo) {
    super()
  }

  override compile(plan: QueryPlan): CompiledSql {
    this.#parameters = plan.parameters
    try {
      return super.compile(plan)
    } finally {
      this.#parameters = []
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
        if (value instanceof Uint8Array && !Buffer.isBuffer(value))
          return Buffer.from(value.buffer, value.byteOffset, value.byteLength)
        return typeof value === 'bigint' ? value.toString() : value
    }
  }

  protected override quoteString(text: string): string {
    if (PLAIN_TEXT.test(text)) return `'${text}'`
    return `CONVERT(X'${Buffer.from(text, 'utf8').toString('hex')}' USING utf8mb4)`
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

  protected jsonObject(pairs: readonly string[]): string {
    return `JSON_OBJECT(${pairs.join(', ')})`
  }

  /** MariaDB types an argument-less JSON_OBJECT() with length 0: materialized in a derived table it becomes ''. */
  protected override emptyRecord(): string {
    return `JSON_EXTRACT('{}', '$')`
  }

  protected jsonArray(values: readonly string[]): string {
    return `JSON_ARRAY(${values.join(', ')})`
  }

  protected asText(expr: string): string {
    return `CAST(${expr} AS CHAR)`
  }

  protected concat(parts: readonly string[]): string {
    return `CONCAT(${parts.join(', ')})`
  }

  /** `GROUP_CONCAT(… ORDER BY … SEPARATOR …)`: portable where `JSON_ARRAYAGG` is not (MySQL ignores ORDER BY in it). */
  protected stringAgg(value: string, order: string, separator: string): string {
    return `GROUP_CONCAT(${value}${order === '' ? '' : ` ${order}`} SEPARATOR ${separator})`
  }

  /** A sub-query's or a string's JSON nests as JSON through `JSON_EXTRACT(…, '$')`. */
  protected nestJson(text: string): string {
    return `JSON_EXTRACT(${text}, '$')`
  }

  protected recordSeparator(): string {
    return ELEMENT_SEPARATOR
  }

  protected override conditional(condition: string, then: string, otherwise: string): string {
    return `IF(${condition}, ${then}, ${otherwise})`
  }

  /** Row `limit`'s values: MAX is not defined on JSON values everywhere, GROUP_CONCAT of the one non-NULL is. */
  protected override anyValue(expr: string): string {
    return `GROUP_CONCAT(${expr})`
  }

  protected override asDouble(expr: string): string {
    return `CAST(${expr} AS DOUBLE)`
  }

  protected override aggregateCall(a: AggregatePlan['aggregations'][number]): string {
    return `${a.function.toUpperCase()}(${a.distinct ? 'DISTINCT ' : ''}${this.column(a.column)})`
  }

  /**
   * MariaDB (no LATERAL, no outer references in derived tables) builds a nested page with
   * `GROUP_CONCAT(… ORDER BY … LIMIT n)` straight over the related rows; MySQL 8.0.14+ (no LIMIT in GROUP_CONCAT)
   * takes the shared form over ROW_NUMBER. MariaDB evaluates GROUP_CONCAT's argument for every related row, LIMIT or
   * not, and caches no sub-query whose value is long text, so each level built the levels under it once per related
   * row (a 32-level chain of `first: 1` ran into the statement timeout): a page builds records two levels deep or more
   * only for its own rows (`buildPageCut`), a to-one record holding relationships is built once
   * (`mariadbNestedRecord`), and pages are checked without JSON_VALID (`checkedNestedText`: 32 levels at most).
   */
  protected override nestedValue(n: NestedSelect, sink: ParameterSink, marker: ParamRef | undefined): string {
    if (this.server.flavor !== 'mariadb') return super.nestedValue(n, sink, marker)
    if (n.page === undefined)
      return n.relations.length > 0 ? this.mariadbNestedRecord(n, sink, marker) : super.nestedValue(n, sink, marker)
    // Records two levels deep or more. Below that, building every related row's record costs less than the cut (about
    // a sub-query run per related row), and the work does not multiply from level to level.
    const deep = n.relations.some((r) => r.relations.length > 0)
    const page = n.page
    const L = this.integerLiteral(page.limit)
    // MariaDB's GROUP_CONCAT … ORDER BY does not sort NULL lowest once there are several keys (10.11: `score ASC, id
    // ASC` puts NULL between 0 and 2), so nullable keys get an explicit NULL key first.
    const groupOrder = n.orderBy.map(
      (t) =>
        (t.nullable ? `${this.column(t.column)} IS NULL ${t.direction === 'asc' ? 'DESC' : 'ASC'}, ` : '') +
        this.orderTerm(t),
    )
    const within = groupOrder.length === 0 ? '' : ` ORDER BY ${groupOrder.join(', ')}`
    const tables = this.nestedTables(n)
    // Row `limit` of the page: `SELECT <column> FROM … LIMIT limit - 1, 1`.
    const rowL = (column: string) =>
      `(SELECT ${column} FROM ${tables}${this.nestedWhere(n, sink)}${this.orderBy(n.orderBy)} LIMIT ${this.integerLiteral(page.limit - 1)}, 1)`
    const terms = n.orderBy.map((t) => ({
      column: this.column(t.column),
      direction: t.direction,
      nullable: t.nullable,
    }))
    // Rendered before the record: its placeholders come first in the text.
    const cut = deep ? buildPageCut(terms, rowL, () => rowL('1')) : undefined
    const record = orUnbuiltMark(this.record(n.columns, n.relations, sink, marker))
    // LIMIT still: rows equal on every ordering value (a keyless view) are all within the cut.
    const items = `GROUP_CONCAT(${cut === undefined ? record : `IF(${cut}, ${record}, NULL)`}${within} SEPARATOR ', ' LIMIT ${L})`
    const last = `GROUP_CONCAT(${this.jsonArray(page.cursorColumns.map((c) => this.asText(this.column(c))))}${within} SEPARATOR '' LIMIT ${this.integerLiteral(page.limit - 1)}, 1)`
    const connection = this.connection(n, items, last, sink, marker)
    return checkedNestedText(connection, `${tables}${this.nestedWhere(n, sink)}`)
  }

  /**
   * A to-one record holding relationships, on MariaDB: its text, NULL when it could not be built, `null` without a
   * row. Built once: `nestedRecordText` wraps it in NULLIF, whose first argument MariaDB evaluates twice. Whether a
   * row exists is asked first, by a short sub-query: MariaDB's statement preparation grows exponentially with depth
   * when a sub-query follows a deeply nested one in a function's arguments (`COALESCE(<record>, <probe>)`), not when
   * it precedes it.
   */
  protected mariadbNestedRecord(n: NestedSelect, sink: ParameterSink, marker: ParamRef | undefined): string {
    const tables = this.nestedTables(n)
    const probe = `(SELECT 1 FROM ${tables}${this.nestedWhere(n, sink)} LIMIT 1)`
    const record = `(SELECT ${this.record(n.columns, n.relations, sink, marker)} FROM ${tables}${this.nestedWhere(n, sink)}${this.orderBy(n.orderBy)} LIMIT 1)`
    return `IF(${probe} IS NULL, 'null', ${record})`
  }

  // ── Answers past the server's text limit (see mysql-text-limit.ts) ──────────────────────────────────────────

  protected override pageData(page: string, record: string): string {
    return boundedPage(page, record, ELEMENT_SEPARATOR_BYTES)
  }

  protected override recordData(record: string): string {
    return orTooLarge(record)
  }

  protected override pageElement(record: string): string {
    return orInvalid(record)
  }

  protected override nestedOne(record: string, from: string): string {
    return nestedRecordText(record, from)
  }

  protected override nestedMany(connection: string, from: string): string {
    return checkedText(connection, from)
  }

  /**
   * A record with relationships is joined as text, so a relationship that could not be built (NULL) makes the record
   * NULL (as a JSON_OBJECT value it would be `null`). MariaDB keeps JSON_OBJECT's member order: the scalars' object
   * is built with the first relationship as `''`, cut before that value, and the relationships' texts follow — last,
   * as elsewhere. MySQL sorts an object's members: there the relationships come first, then the scalars' members.
   */
  protected override record(
    columns: readonly OutputColumn[],
    relations: readonly NestedSelect[] = [],
    sink?: ParameterSink,
    marker?: ParamRef,
  ): string {
    if (relations.length === 0) return super.record(columns)
    const scalars = columns.map((c) => `${this.quoteString(c.name)}, ${this.jsonValue(this.column(c.column), c.type)}`)
    // Rendered in relationship order, which is their order in the text: positional placeholders bind in order.
    const nested = relations.map((n): [string, string] => [n.name, this.nestedValue(n, sink!, marker)])
    if (this.server.flavor === 'mariadb') {
      const [[firstName, firstValue], ...others] = nested as [[string, string], ...[string, string][]]
      const head = `TRIM(TRAILING '""}' FROM ${this.jsonObject([...scalars, `${this.quoteString(firstName)}, ''`])})`
      return this.concat([head, firstValue, ...this.textMembers(others, ', '), "'}'"])
    }
    const rest = scalars.length === 0 ? ["'}'"] : ["', '", `SUBSTRING(${this.jsonObject(scalars)}, 2)`]
    return this.concat([...this.textMembers(nested, '{'), ...rest])
  }

  /** A nested page's connection object as text: NULL when its items could not be built (see `record`). */
  protected override connection(
    n: NestedSelect,
    items: string,
    last: string,
    sink: ParameterSink,
    marker: ParamRef | undefined,
  ): string {
    invariant(n.page !== undefined, 'a connection is a nested page')
    const members: TextMember[] = [['items', "'['", `COALESCE(${items}, '')`, "']'"]]
    if (n.page.pageInfo !== false) {
      invariant(marker !== undefined, 'a nested page needs the cursor marker parameter')
      const more = `COUNT(*) > ${this.integerLiteral(n.page.limit)}`
      const cursor = this.concat([sink.placeholder(marker), `'${this.integerLiteral(n.page.cursor)}:'`, last])
      members.push(['hasNextPage', `IF(${more}, 'true', 'false')`])
      members.push(['endCursor', `IF(${more}, JSON_QUOTE(${cursor}), 'null')`])
    }
    // Every related row of this parent that the policy and filter admit, whatever page `after` asks for.
    if (n.count !== undefined) {
      members.push(['totalCount', this.countRows(this.nestedTables(n), [n.join, n.count.where], sink)])
    }
    return this.concat([...this.textMembers(members, '{'), "'}'"])
  }

  /** The groups' array, `''` when it is too long or lacks a group (see `checkedText`). */
  protected override aggregateSelect(plan: SelectPlan, aggregate: AggregatePlan, sink: ParameterSink): string {
    const groups = `(${this.aggregateGroups(plan, aggregate, sink)}) AS ${this.quoteIdentifier('x')}`
    return `SELECT ${orTooLarge(checkedText(this.groupsArray(aggregate), groups))} AS ${this.quoteIdentifier('data')}`
  }

  /** A group's record as text, so a group value that could not be built leaves the record NULL, not `null`. */
  protected override groupRecord(aggregate: AggregatePlan): string {
    const { fields, aggregations } = this.groupMembers(aggregate)
    return this.concat([
      ...this.textMembers(
        [
          ['fields', fields],
          ['aggregations', aggregations],
        ],
        '{',
      ),
      "'}'",
    ])
  }

  /** `CONCAT` parts of JSON object members as text, `open` before the first name: `'{"a": ', a, ', "b": ', b`. */
  protected textMembers(members: readonly TextMember[], open: string): string[] {
    return members.flatMap(([name, ...value], i) => {
      const key = `${i === 0 ? open : ', '}${JSON.stringify(name)}: `
      return [this.quoteString(key), ...value]
    })
  }

  /** A column as its JSON value (see `mysqlJsonValue`). */
  protected jsonValue(column: string, type: ScalarType): string {
    return mysqlJsonValue(column, type)
  }
}
