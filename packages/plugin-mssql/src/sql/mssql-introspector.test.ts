import { describe, expect, it } from 'vitest'
import type { CompiledQuery, Driver } from '@sluice/core/dialect'
import { MSSQL_TABLES_SQL } from './mssql-introspection-sql.js'
import { MssqlIntrospector } from './mssql-introspector.js'

/**
 * No SQL Server runs here: these check the statement `listTables` sends (the conformance suite's `autoentities.*`
 * scenarios run it on a real server when SLUICE_MSSQL_URL is set) and how its rows are read.
 */
function recordingDriver(rows: readonly Record<string, unknown>[], sent: CompiledQuery[]): Driver {
  return {
    init: async () => undefined,
    execute: async (query) => {
      sent.push(query)
      return { rows: rows as never[] }
    },
    transaction: async () => {
      throw new Error('not used by listTables')
    },
    destroy: async () => undefined,
  }
}

describe('MssqlIntrospector.listTables', () => {
  it('sends one catalog query without parameters and reads schema, name and the primary-key bit', async () => {
    const sent: CompiledQuery[] = []
    const driver = recordingDriver(
      [
        { schema_name: 'dbo', object_name: 'Order Items', has_primary_key: true },
        { schema_name: 'sales', object_name: 'log', has_primary_key: false },
      ],
      sent,
    )
    expect(await new MssqlIntrospector(driver).listTables()).toEqual([
      { name: { schema: 'dbo', name: 'Order Items' }, hasPrimaryKey: true },
      { name: { schema: 'sales', name: 'log' }, hasPrimaryKey: false },
    ])
    expect(sent).toEqual([{ sql: MSSQL_TABLES_SQL, parameters: [] }])
  })

  it('leaves out what Data API builder leaves out: shipped, system-schema, temporal, file, graph, replication and broker tables', () => {
    const sql = MSSQL_TABLES_SQL.replace(/\s+/g, ' ')
    for (const clause of [
      'FROM sys.tables AS t JOIN sys.schemas AS s ON s.schema_id = t.schema_id',
      "kc.type = 'PK'",
      't.is_ms_shipped = 0 AND t.temporal_type = 0 AND t.is_filetable = 0',
      "s.name NOT IN (N'sys', N'INFORMATION_SCHEMA', N'cdc')",
      "t.name NOT LIKE N'MSmerge[_]%'",
      "t.name NOT LIKE N'MSreplication[_]%'",
      "t.name NOT LIKE N'FileTableUpdates$%'",
      "t.name NOT LIKE N'queue[_]messages[_]%'",
      "t.name NOT LIKE N'service[_]broker[_]%'",
      "c.name LIKE N'$node[_]id%' OR c.name LIKE N'$edge[_]id%'",
      'ORDER BY s.name, t.name',
    ])
      expect(sql).toContain(clause)
  })
})
