import { describe, expect, it } from 'vitest'
import type {
  ColumnRef,
  DeletePlan,
  InsertPlan,
  NestedSelect,
  ReturnedRecord,
  SelectPlan,
  UpdatePlan,
  UpsertPlan,
} from '@sluice/core/dialect'
import { MysqlServerInfo } from './mysql-server.js'
import { MysqlSqlCompiler } from './mysql-sql-compiler.js'

const col = (column: string): ColumnRef => ({ kind: 'column', table: 't', column })
const param = (index: number) => ({ kind: 'param' as const, index })
const table = { name: { schema: 'library', name: 'books' }, alias: 't' }
const columns = [
  { name: 'id', column: col('id'), type: 'int' as const },
  { name: 'publishedOn', column: col('published'), type: 'datetime' as const },
  { name: 'inPrint', column: col('in_print'), type: 'boolean' as const },
  { name: 'cover', column: col('cover'), type: 'bytes' as const },
]
const ID_JSON = "JSON_OBJECT('id', `t`.`id`)"
const RECORD =
  "JSON_OBJECT('id', `t`.`id`, 'publishedOn', TRIM(TRAILING '.' FROM TRIM(TRAILING '0' FROM DATE_FORMAT(`t`.`published`, '%Y-%m-%dT%H:%i:%s.%f'))), " +
  "'inPrint', CASE WHEN `t`.`in_print` IS NULL THEN NULL ELSE JSON_EXTRACT(IF(`t`.`in_print` <> 0, 'true', 'false'), '$') END, " +
  "'cover', REPLACE(TO_BASE64(`t`.`cover`), '\n', ''))"

/** A page's `data`: its text when every record was built and the whole fits (or there are no rows); else ''. */
const LIMIT = 'LEAST(@@group_concat_max_len, @@max_allowed_packet)'
const BOUNDED = (page: string) =>
  `IF(COALESCE(SUM(COALESCE(LENGTH(\`sluice:p\`.\`j\`) + 2, ${LIMIT})) <= ${LIMIT} - 4, TRUE), ` + `${page}, '')`
const WHOLE = (text: string) => `LENGTH(${text}) <= ${LIMIT} - 4 AND JSON_VALID(${text})`
const INVALID = "'!'"
/** MariaDB's nested pages: a record that could not be built is U+0001, searched for instead of JSON_VALID (32 levels). */
const MARK = 'CHAR(1 USING utf8mb4)'
const MARKED = (text: string) =>
  `LENGTH(${text}) <= ${LIMIT} - 4 AND INSTR(CAST(CONVERT(${text} USING utf8mb4) AS BINARY), X'01') = 0`
const compilerFor = (flavor: 'mysql' | 'mariadb') => new MysqlSqlCompiler(new MysqlServerInfo(flavor))
const returning = (visible?: ReturnedRecord['visible']): ReturnedRecord => ({
  columns: [columns[0]!],
  visible,
  keyColumns: [col('id')],
})

describe('MysqlSqlCompiler: reads', () => {
  const compiler = compilerFor('mysql')

  it("compiles a by-key read to one JSON_OBJECT row, '' when the record could not be built", () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table,
      columns,
      orderBy: [],
      result: { mode: 'single' },
      where: { kind: 'compare', left: col('id'), op: 'eq', right: param(0) },
      parameters: [{ value: 5, type: 'int' }],
    }
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toBe(
      `SELECT COALESCE(${RECORD}, '') AS \`data\` FROM \`library\`.\`books\` AS \`t\` WHERE \`t\`.\`id\` = ? LIMIT 1`,
    )
    expect(compiler.bindParameters(plan, compiled)).toEqual([5])
  })

  const pagePlan = (output: SelectPlan['columns']): SelectPlan => ({
    kind: 'select',
    shapeKey: 'k',
    table,
    columns: output,
    where: {
      kind: 'and',
      items: [
        { kind: 'like', operand: col('title'), pattern: param(0), negated: false },
        {
          kind: 'or',
          items: [
            { kind: 'isNull', operand: col('published'), negated: true },
            { kind: 'compare', left: col('isbn'), op: 'gt', right: param(1) },
          ],
        },
      ],
    },
    orderBy: [
      { column: col('published'), direction: 'desc', nullable: true },
      { column: col('id'), direction: 'asc', nullable: false },
    ],
    result: { mode: 'page', limit: 10, fetch: 11, cursorColumns: [col('published'), col('id')] },
    parameters: [
      { value: '%a\\_%', type: 'string' },
      { value: '9007199254740993', type: 'long' },
    ],
  })

  it('compiles a page whose cursor core reads from the records: newline-separated GROUP_CONCAT in row order', () => {
    const compiled = compiler.compile(pagePlan(columns))
    expect(compiled.sql).toBe(
      `SELECT ${BOUNDED("CONCAT('[', GROUP_CONCAT(`sluice:p`.`j` ORDER BY `sluice:p`.`n` SEPARATOR ',\n'), ']')")} AS \`data\` FROM (` +
        `SELECT ${RECORD} AS \`j\`, ROW_NUMBER() OVER (ORDER BY \`t\`.\`published\` DESC, \`t\`.\`id\` ASC) AS \`n\` ` +
        'FROM (SELECT * FROM `library`.`books` AS `t` WHERE `t`.`title` LIKE ? ESCAPE CHAR(92 USING utf8mb4) AND (`t`.`published` IS NOT NULL OR `t`.`isbn` > CAST(? AS DECIMAL(20,0))) ' +
        'ORDER BY `t`.`published` DESC, `t`.`id` ASC LIMIT 11) AS `t`) AS `sluice:p`',
    )
    expect(compiler.bindParameters(pagePlan(columns), compiled)).toEqual(['%a\\_%', '9007199254740993'])
  })

  it("carries ordering values that are not output and returns row number limit's as the cursor", () => {
    const compiled = compiler.compile(pagePlan([columns[0]!]))
    expect(compiled.sql).toBe(
      `SELECT ${BOUNDED("CONCAT('[', GROUP_CONCAT(`sluice:p`.`j` ORDER BY `sluice:p`.`n` SEPARATOR ',\n'), ']')")} AS \`data\`, ` +
        'GROUP_CONCAT(CASE WHEN `sluice:p`.`n` = 10 THEN JSON_ARRAY(`sluice:p`.`c0`, `sluice:p`.`c1`) END) AS `cursor` FROM (' +
        `SELECT ${ID_JSON} AS \`j\`, ROW_NUMBER() OVER (ORDER BY \`t\`.\`published\` DESC, \`t\`.\`id\` ASC) AS \`n\`, ` +
        'CAST(`t`.`published` AS CHAR) AS `c0`, CAST(`t`.`id` AS CHAR) AS `c1` ' +
        'FROM (SELECT * FROM `library`.`books` AS `t` WHERE `t`.`title` LIKE ? ESCAPE CHAR(92 USING utf8mb4) AND (`t`.`published` IS NOT NULL OR `t`.`isbn` > CAST(? AS DECIMAL(20,0))) ' +
        'ORDER BY `t`.`published` DESC, `t`.`id` ASC LIMIT 11) AS `t`) AS `sluice:p`',
    )
  })

  it('binds booleans as 1/0, date-times without T and zone, decimals cast exactly', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table,
      columns: [columns[0]!],
      orderBy: [],
      result: { mode: 'single' },
      where: {
        kind: 'and',
        items: [
          { kind: 'compare', left: col('in_print'), op: 'eq', right: param(0) },
          { kind: 'compare', left: col('published'), op: 'lt', right: param(1) },
          { kind: 'in', operand: col('price'), values: [param(2), param(3)] },
          { kind: 'not', item: { kind: 'constant', value: true } },
        ],
      },
      parameters: [
        { value: true, type: 'boolean' },
        { value: '2024-01-02T03:04:05.1234567Z', type: 'datetime' },
        { value: '12.50', type: 'decimal' },
        { value: null, type: 'decimal' },
      ],
    }
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toContain(
      '`t`.`price` IN (CAST(? AS DECIMAL(65,30)), CAST(? AS DECIMAL(65,30))) AND NOT (1=1)',
    )
    expect(compiler.bindParameters(plan, compiled)).toEqual([1, '2024-01-02 03:04:05.123456', '12.50', null])
  })

  it('writes field names that need escaping as hex literals, whatever the SQL mode', () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table,
      columns: [{ name: "it's\\", column: col('x`y'), type: 'string' }],
      orderBy: [],
      result: { mode: 'single' },
      where: undefined,
      parameters: [],
    }
    expect(compiler.compile(plan).sql).toBe(
      "SELECT COALESCE(JSON_OBJECT(CONVERT(X'697427735c' USING utf8mb4), `t`.`x``y`), '') AS `data` FROM `library`.`books` AS `t` LIMIT 1",
    )
  })
})

describe('MysqlSqlCompiler: writes on MariaDB (RETURNING for INSERT and DELETE)', () => {
  const compiler = compilerFor('mariadb')

  it('inserts with RETURNING of the record (when the read policy admits it) and the key', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      guard: undefined,
      values: [
        { column: 'title', value: param(0) },
        { column: 'year', value: { kind: 'default' } },
      ],
      returning: returning({ kind: 'compare', left: col('year'), op: 'gt', right: param(1) }),
      parameters: [
        { value: 'Dune', type: 'string' },
        { value: 1900, type: 'int' },
      ],
    }
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toBe(
      'INSERT INTO `library`.`books` (`title`, `year`) VALUES (?, DEFAULT) RETURNING ' +
        "CASE WHEN `year` > ? THEN JSON_OBJECT('id', `id`) END AS `data`, JSON_ARRAY(CAST(`id` AS CHAR)) AS `key`",
    )
    expect(compiler.bindParameters(plan, compiled)).toEqual(['Dune', 1900])
  })

  it('guards an insert with the create policy over the proposed row, values cast to their column types', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      values: [
        { column: 'title', value: param(0) },
        { column: 'price', value: param(1) },
      ],
      guard: {
        predicate: {
          kind: 'and',
          items: [
            { kind: 'compare', left: col('price'), op: 'lt', right: param(2) },
            { kind: 'isNull', operand: col('year'), negated: true },
          ],
        },
        columns: [
          { column: 'title', dbType: 'varchar(100)' },
          { column: 'price', dbType: 'decimal(10,2)' },
          { column: 'year', dbType: 'int(11) unsigned' },
        ],
      },
      returning: { columns: [], visible: undefined, keyColumns: [col('id')] },
      parameters: [
        { value: 'Dune', type: 'string' },
        { value: '9.99', type: 'decimal' },
        { value: '100', type: 'decimal' },
      ],
    }
    expect(compiler.compile(plan).sql).toBe(
      'INSERT INTO `library`.`books` (`title`, `price`) SELECT `t`.`title`, `t`.`price` FROM (SELECT CAST(? AS CHAR) AS `title`, ' +
        'CAST(CAST(? AS DECIMAL(65,30)) AS DECIMAL(10,2)) AS `price`, CAST(NULL AS UNSIGNED) AS `year`) AS `t` ' +
        'WHERE `t`.`price` < CAST(? AS DECIMAL(65,30)) AND `t`.`year` IS NOT NULL RETURNING NULL AS `data`, JSON_ARRAY(CAST(`id` AS CHAR)) AS `key`',
    )
  })

  it('deletes with RETURNING, columns unqualified (single-table DELETE takes no alias on MariaDB)', () => {
    const plan: DeletePlan = {
      kind: 'delete',
      shapeKey: 'k',
      table,
      where: { kind: 'compare', left: col('id'), op: 'eq', right: param(0) },
      parameters: [{ value: 1, type: 'int' }],
    }
    expect(compiler.compile(plan).sql).toBe('DELETE FROM `library`.`books` WHERE `id` = ? RETURNING 1 AS `deleted`')
  })
})

describe('MysqlSqlCompiler: writes on MySQL (no RETURNING: batches that read the row back)', () => {
  const compiler = compilerFor('mysql')

  it('inserts, then reads the row back by the written key or LAST_INSERT_ID()', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      guard: undefined,
      values: [{ column: 'title', value: param(0) }],
      returning: { columns: [columns[0]!], visible: undefined, keyColumns: [col('id'), col('title')] },
      parameters: [{ value: 'Dune', type: 'string' }],
    }
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toBe(
      'INSERT INTO `library`.`books` (`title`) VALUES (?)\n/*sluice:if-found*/\n' +
        "SELECT JSON_OBJECT('id', `t`.`id`) AS `data`, JSON_ARRAY(CAST(`t`.`id` AS CHAR), CAST(`t`.`title` AS CHAR)) AS `key` " +
        'FROM `library`.`books` AS `t` WHERE `t`.`id` = LAST_INSERT_ID() AND `t`.`title` = ?',
    )
    expect(compiler.bindParameters(plan, compiled)).toEqual(['Dune', 'Dune'])
  })

  it('inserts a row of defaults', () => {
    const plan: InsertPlan = {
      kind: 'insert',
      shapeKey: 'k',
      table,
      guard: undefined,
      values: [],
      returning: { columns: [], visible: undefined, keyColumns: [col('id')] },
      parameters: [],
    }
    expect(compiler.compile(plan).sql).toMatch(/^INSERT INTO `library`.`books` \(\) VALUES \(\)\n/)
  })

  const updatePlan = (set: UpdatePlan['set']): UpdatePlan => ({
    kind: 'update',
    shapeKey: 'k',
    table,
    set,
    where: {
      kind: 'and',
      items: [
        { kind: 'compare', left: col('owner'), op: 'eq', right: param(1) },
        { kind: 'compare', left: col('id'), op: 'eq', right: param(2) },
      ],
    },
    returning: returning({ kind: 'compare', left: col('owner'), op: 'eq', right: param(3) }),
    parameters: [
      { value: 'New', type: 'string' },
      { value: 'ann', type: 'string' },
      { value: 7, type: 'int' },
      { value: 'ann', type: 'string' },
    ],
  })

  it('updates, then reads the row back by its key (the row policy may no longer hold for the written row)', () => {
    const plan = updatePlan([
      { column: 'title', value: param(0) },
      { column: 'year', value: { kind: 'default' } },
    ])
    const compiled = compiler.compile(plan)
    expect(compiled.sql).toBe(
      'UPDATE `library`.`books` AS `t` SET `title` = ?, `year` = DEFAULT WHERE `t`.`owner` = ? AND `t`.`id` = ?\n/*sluice:if-found*/\n' +
        "SELECT CASE WHEN `t`.`owner` = ? THEN JSON_OBJECT('id', `t`.`id`) END AS `data`, JSON_ARRAY(CAST(`t`.`id` AS CHAR)) AS `key` " +
        'FROM `library`.`books` AS `t` WHERE `t`.`id` = ?',
    )
    expect(compiler.bindParameters(plan, compiled)).toEqual(['New', 'ann', 7, 'ann', 7])
  })

  it('reads the row when an update sets nothing', () => {
    expect(compiler.compile(updatePlan([])).sql).toBe(
      "SELECT CASE WHEN `t`.`owner` = ? THEN JSON_OBJECT('id', `t`.`id`) END AS `data`, JSON_ARRAY(CAST(`t`.`id` AS CHAR)) AS `key` " +
        'FROM `library`.`books` AS `t` WHERE `t`.`owner` = ? AND `t`.`id` = ? LIMIT 1',
    )
  })

  it('deletes, then returns a row only when one was deleted', () => {
    const plan: DeletePlan = {
      kind: 'delete',
      shapeKey: 'k',
      table,
      where: { kind: 'compare', left: col('id'), op: 'eq', right: param(0) },
      parameters: [{ value: 1, type: 'int' }],
    }
    expect(compiler.compile(plan).sql).toBe(
      'DELETE `t` FROM `library`.`books` AS `t` WHERE `t`.`id` = ?\n/*sluice:if-found*/\nSELECT 1 AS `deleted`',
    )
  })

  it('refuses an upsert plan: the family declares no native upsert', () => {
    const plan: UpsertPlan = {
      kind: 'upsert',
      shapeKey: 'k',
      table,
      values: [],
      conflictColumns: ['id'],
      updateColumns: [],
      updateWhere: undefined,
      returning: returning(),
      parameters: [],
    }
    expect(() => compiler.compile(plan)).toThrow(/no native upsert/)
  })
})

describe('MysqlSqlCompiler: nested relationships and aggregation', () => {
  const ref = (table: string, column: string): ColumnRef => ({ kind: 'column', table, column })
  const nestedPlan: SelectPlan = {
    kind: 'select',
    shapeKey: 'k',
    table: { name: { schema: undefined, name: 'authors' }, alias: 't' },
    columns: [{ name: 'name', column: ref('t', 'name'), type: 'string' }],
    where: undefined,
    orderBy: [],
    result: { mode: 'single' },
    relations: [
      {
        name: 'books',
        cardinality: 'many',
        table: { name: { schema: undefined, name: 'books' }, alias: 't_r0' },
        linking: undefined,
        join: { kind: 'compare', left: ref('t_r0', 'author_id'), op: 'eq', right: ref('t', 'id') },
        parentColumns: [ref('t', 'id')],
        columns: [{ name: 'title', column: ref('t_r0', 'title'), type: 'string' }],
        where: { kind: 'compare', left: ref('t_r0', 'title'), op: 'ne', right: param(1) },
        orderBy: [{ column: ref('t_r0', 'title'), direction: 'desc', nullable: false }],
        page: { limit: 1, fetch: 2, cursorColumns: [ref('t_r0', 'title')], cursor: 0 },
        relations: [],
      },
    ],
    nestedCursors: { marker: param(0), value: 'M', cursors: [] },
    parameters: [
      { value: 'M', type: 'string' },
      { value: 'A3', type: 'string' },
    ],
  }
  // Records with relationships, and connections, are joined as text: a relationship that could not be built is NULL
  // up to the top, where `data` is '' (see mysql-text-limit.ts).
  const CONNECTION = (items: string, last: string, from: string, whole = WHOLE) =>
    "(SELECT CONCAT('{\"items\": ', '[', COALESCE(" +
    `${items}, ''), ']', ', "hasNextPage": ', IF(COUNT(*) > 1, 'true', 'false'), ', "endCursor": ', IF(COUNT(*) > 1, JSON_QUOTE(CONCAT(?, '0:', ` +
    `${last})), 'null'), '}') AS \`sluice:text\` FROM ${from} HAVING ${whole('`sluice:text`')})`

  it('MariaDB: a nested page is GROUP_CONCAT … LIMIT in a correlated subquery (no LATERAL, no outer references in derived tables)', () => {
    const compiler = compilerFor('mariadb')
    const compiled = compiler.compile(nestedPlan)
    const items = `GROUP_CONCAT(COALESCE(JSON_OBJECT('title', \`t_r0\`.\`title\`), ${MARK}) ORDER BY \`t_r0\`.\`title\` DESC SEPARATOR ', ' LIMIT 1)`
    const last =
      "GROUP_CONCAT(JSON_ARRAY(CAST(`t_r0`.`title` AS CHAR)) ORDER BY `t_r0`.`title` DESC SEPARATOR '' LIMIT 0, 1)"
    // The scalars' JSON_OBJECT ends with the relationship as '': cut there, the relationship's text follows, last.
    expect(compiled.sql).toBe(
      "SELECT COALESCE(CONCAT(TRIM(TRAILING '\"\"}' FROM JSON_OBJECT('name', `t`.`name`, 'books', '')), " +
        `${CONNECTION(items, last, '`books` AS `t_r0` WHERE `t_r0`.`author_id` = `t`.`id` AND `t_r0`.`title` <> ?', MARKED)}, '}'), '') AS \`data\` ` +
        'FROM `authors` AS `t` LIMIT 1',
    )
    expect(compiler.bindParameters(nestedPlan, compiled)).toEqual(['M', 'A3'])
  })

  it('MariaDB: a page builds records holding relationships only for its rows; a to-one record holding them is built once', () => {
    // authors → books (page of 1, filtered) → publisher (to-one, filtered) → books (page of 2, no paging values)
    const publisherBooks: NestedSelect = {
      name: 'books',
      cardinality: 'many',
      table: { name: { schema: undefined, name: 'books' }, alias: 't_r2' },
      linking: undefined,
      join: { kind: 'compare', left: ref('t_r2', 'publisher_id'), op: 'eq', right: ref('t_r1', 'id') },
      parentColumns: [ref('t_r1', 'id')],
      columns: [{ name: 'id', column: ref('t_r2', 'id'), type: 'int' }],
      where: undefined,
      orderBy: [{ column: ref('t_r2', 'id'), direction: 'asc', nullable: false }],
      page: { limit: 2, fetch: 3, cursorColumns: [ref('t_r2', 'id')], cursor: 1, pageInfo: false },
      relations: [],
    }
    const publisher: NestedSelect = {
      name: 'publisher',
      cardinality: 'one',
      table: { name: { schema: undefined, name: 'publishers' }, alias: 't_r1' },
      linking: undefined,
      join: { kind: 'compare', left: ref('t_r1', 'id'), op: 'eq', right: ref('t_r0', 'publisher_id') },
      parentColumns: [ref('t_r0', 'publisher_id')],
      columns: [{ name: 'name', column: ref('t_r1', 'name'), type: 'string' }],
      where: { kind: 'compare', left: ref('t_r1', 'name'), op: 'ne', right: param(2) },
      orderBy: [{ column: ref('t_r1', 'id'), direction: 'asc', nullable: false }],
      page: undefined,
      relations: [publisherBooks],
    }
    const plan: SelectPlan = {
      ...nestedPlan,
      relations: [{ ...nestedPlan.relations![0]!, relations: [publisher] }],
      parameters: [...nestedPlan.parameters, { value: 'P', type: 'string' }],
    }
    const compiler = compilerFor('mariadb')
    const compiled = compiler.compile(plan)
    const books = '`books` AS `t_r0` WHERE `t_r0`.`author_id` = `t`.`id` AND `t_r0`.`title` <> ?'
    // Row 1 of the page (the limit): a related row at or before it is within the page; without it, every row is.
    const cut =
      `(SELECT \`t_r0\`.\`title\` >= IFNULL((SELECT \`t_r0\`.\`title\` FROM ${books} ORDER BY \`t_r0\`.\`title\` DESC LIMIT 0, 1), ` +
      '`t_r0`.`title`) FROM (SELECT 1) AS `sluice:one`)'
    const inner =
      `(SELECT CONCAT('{"items": ', '[', COALESCE(GROUP_CONCAT(COALESCE(JSON_OBJECT('id', \`t_r2\`.\`id\`), ${MARK}) ORDER BY \`t_r2\`.\`id\` ASC ` +
      `SEPARATOR ', ' LIMIT 2), ''), ']', '}') AS \`sluice:text\` FROM \`books\` AS \`t_r2\` WHERE \`t_r2\`.\`publisher_id\` = \`t_r1\`.\`id\` HAVING ${MARKED('`sluice:text`')})`
    const publishers = '`publishers` AS `t_r1` WHERE `t_r1`.`id` = `t_r0`.`publisher_id` AND `t_r1`.`name` <> ?'
    // Whether the publisher exists is asked first (no NULLIF, which builds its argument twice).
    const toOne =
      `IF((SELECT 1 FROM ${publishers} LIMIT 1) IS NULL, 'null', (SELECT CONCAT(TRIM(TRAILING '""}' FROM JSON_OBJECT('name', \`t_r1\`.\`name\`, 'books', '')), ` +
      `${inner}, '}') FROM ${publishers} ORDER BY \`t_r1\`.\`id\` ASC LIMIT 1))`
    const record = `CONCAT(TRIM(TRAILING '""}' FROM JSON_OBJECT('title', \`t_r0\`.\`title\`, 'publisher', '')), ${toOne}, '}')`
    const items = `GROUP_CONCAT(IF(${cut}, COALESCE(${record}, ${MARK}), NULL) ORDER BY \`t_r0\`.\`title\` DESC SEPARATOR ', ' LIMIT 1)`
    const last =
      "GROUP_CONCAT(JSON_ARRAY(CAST(`t_r0`.`title` AS CHAR)) ORDER BY `t_r0`.`title` DESC SEPARATOR '' LIMIT 0, 1)"
    expect(compiled.sql).toBe(
      "SELECT COALESCE(CONCAT(TRIM(TRAILING '\"\"}' FROM JSON_OBJECT('name', `t`.`name`, 'books', '')), " +
        `${CONNECTION(items, last, books, MARKED)}, '}'), '') AS \`data\` FROM \`authors\` AS \`t\` LIMIT 1`,
    )
    // In text order: the cut's filter, the probe's and the record's, the cursor marker, the page's filter.
    expect(compiler.bindParameters(plan, compiled)).toEqual(['A3', 'P', 'P', 'M', 'A3'])
  })

  it('MariaDB: a nullable nested ordering key gets an explicit NULL key (its GROUP_CONCAT does not sort NULL lowest)', () => {
    const nullable = {
      ...nestedPlan.relations![0]!,
      orderBy: [
        { column: ref('t_r0', 'title'), direction: 'asc' as const, nullable: true },
        { column: ref('t_r0', 'id'), direction: 'asc' as const, nullable: false },
      ],
    }
    const compiled = compilerFor('mariadb').compile({ ...nestedPlan, relations: [nullable] })
    expect(compiled.sql).toContain(
      "ORDER BY `t_r0`.`title` IS NULL DESC, `t_r0`.`title` ASC, `t_r0`.`id` ASC SEPARATOR ', ' LIMIT 1",
    )
    const descending = { ...nullable, orderBy: [{ ...nullable.orderBy[0]!, direction: 'desc' as const }] }
    expect(compilerFor('mariadb').compile({ ...nestedPlan, relations: [descending] }).sql).toContain(
      'ORDER BY `t_r0`.`title` IS NULL ASC, `t_r0`.`title` DESC SEPARATOR',
    )
  })

  it('MySQL: a nested page numbers the first limit + 1 rows in a derived table with an outer reference (8.0.14+)', () => {
    const compiler = compilerFor('mysql')
    const compiled = compiler.compile(nestedPlan)
    const items = `GROUP_CONCAT(CASE WHEN \`t_r0:q\`.\`n\` <= 1 THEN COALESCE(\`t_r0:q\`.\`j\`, ${INVALID}) END ORDER BY \`t_r0:q\`.\`n\` SEPARATOR ',')`
    const last = 'GROUP_CONCAT(CASE WHEN `t_r0:q`.`n` = 1 THEN JSON_ARRAY(`t_r0:q`.`c0`) END)'
    const rows =
      "(SELECT JSON_OBJECT('title', `t_r0`.`title`) AS `j`, ROW_NUMBER() OVER (ORDER BY `t_r0`.`title` DESC) AS `n`, CAST(`t_r0`.`title` AS CHAR) AS `c0` " +
      'FROM `books` AS `t_r0` WHERE `t_r0`.`author_id` = `t`.`id` AND `t_r0`.`title` <> ? ORDER BY `t_r0`.`title` DESC LIMIT 2) AS `t_r0:q`'
    // MySQL sorts JSON_OBJECT's members: the relationships come first, then the scalars' object without its brace.
    expect(compiled.sql).toBe(
      `SELECT COALESCE(CONCAT('{"books": ', ${CONNECTION(items, last, rows)}, ', ', SUBSTRING(JSON_OBJECT('name', \`t\`.\`name\`), 2)), '') ` +
        'AS `data` FROM `authors` AS `t` LIMIT 1',
    )
    expect(compiler.bindParameters(nestedPlan, compiled)).toEqual(['M', 'A3'])
  })

  it("nests a one-relationship as its first record, 'null' without one, NULL when it could not be built", () => {
    const plan: SelectPlan = {
      ...nestedPlan,
      nestedCursors: undefined,
      parameters: [],
      relations: [{ ...nestedPlan.relations![0]!, cardinality: 'one', page: undefined, where: undefined, orderBy: [] }],
    }
    expect(compilerFor('mysql').compile(plan).sql).toBe(
      "SELECT COALESCE(CONCAT('{\"books\": ', NULLIF(COALESCE((SELECT COALESCE(JSON_OBJECT('title', `t_r0`.`title`), '') FROM `books` AS `t_r0` " +
        "WHERE `t_r0`.`author_id` = `t`.`id` LIMIT 1), 'null'), ''), ', ', SUBSTRING(JSON_OBJECT('name', `t`.`name`), 2)), '') AS `data` FROM `authors` AS `t` LIMIT 1",
    )
  })

  it("aggregates groups as text, checked whole in HAVING (else ''), HAVING compared as DOUBLE", () => {
    const plan: SelectPlan = {
      kind: 'select',
      shapeKey: 'k',
      table,
      columns: [],
      orderBy: [],
      result: { mode: 'single' },
      where: { kind: 'isNull', operand: col('year'), negated: true },
      aggregate: {
        groupBy: [{ name: 'year', column: col('year'), type: 'int' }],
        aggregations: [
          {
            name: 'avgPrice',
            function: 'avg',
            column: col('price'),
            distinct: true,
            having: [{ op: 'in', values: [param(0), param(1)] }],
          },
        ],
        limit: 100,
        offset: undefined,
        order: [{ column: { kind: 'column', table: 'x', column: 'g0' }, direction: 'asc', nullable: true }],
      },
      parameters: [
        { value: 1.5, type: 'float' },
        { value: 2, type: 'float' },
      ],
    }
    expect(compilerFor('mariadb').compile(plan).sql).toBe(
      "SELECT COALESCE((SELECT CONCAT('[', COALESCE(GROUP_CONCAT(COALESCE(CONCAT('{\"fields\": ', JSON_OBJECT('year', `x`.`g0`), ', \"aggregations\": ', " +
        "JSON_OBJECT('avgPrice', `x`.`a0`), '}'), '!') ORDER BY `x`.`g0` ASC SEPARATOR ','), ''), ']') AS `sluice:text` " +
        'FROM (SELECT * FROM (SELECT `t`.`year` AS `g0`, AVG(DISTINCT `t`.`price`) AS `a0` FROM `library`.`books` AS `t` WHERE `t`.`year` IS NOT NULL ' +
        'GROUP BY `t`.`year` HAVING CAST(AVG(DISTINCT `t`.`price`) AS DOUBLE) IN (CAST(? AS DOUBLE), CAST(? AS DOUBLE))) AS `x` ORDER BY `x`.`g0` ASC LIMIT 100) AS `x` ' +
        `HAVING ${WHOLE('`sluice:text`')}), '') AS \`data\``,
    )
  })

  it('calls a procedure with arguments by position when the introspector has not described it', () => {
    const compiler = compilerFor('mariadb')
    const plan = {
      kind: 'execute' as const,
      shapeKey: 'k',
      procedure: { schema: 'library', name: 'get_books' },
      routine: 'procedure' as const,
      alias: 'r',
      arguments: [{ name: 'a', dbType: 'int', value: param(0) }],
      outputParameters: ['total'],
      resultColumns: undefined,
      columns: undefined,
      parameters: [{ value: 1, type: 'int' as const }],
    }
    const compiled = compiler.compile(plan)
    expect(compiled).toEqual({
      sql: 'CALL `library`.`get_books`(?, @`sluice_p1`)',
      parameterOrder: [0],
      result: 'rows',
    })
  })
})
