import { describe, expect, it } from 'vitest'
import type { DataSourceConfig } from '@sluice/core/dialect'
import { silentLogger } from '@sluice/core'
import { mssqlPlugin } from './mssql-plugin.js'
import { MSSQL_CAPABILITIES } from './sql/mssql-capabilities.js'

const source = (options: Record<string, unknown> = {}): DataSourceConfig => ({
  name: 'default',
  databaseType: 'mssql',
  connectionString:
    'Server=tcp:db.example,1433;Initial Catalog=library;User ID=app;Password=secret;TrustServerCertificate=true',
  options,
  health: { enabled: false, name: undefined, thresholdMs: 1000 },
})
const context = { baseDir: '.', log: silentLogger }

describe('mssqlPlugin', () => {
  it('serves database-type mssql with the SQL Server family and its declared capabilities', () => {
    const plugin = mssqlPlugin()
    expect(plugin.databaseTypes).toEqual(['mssql'])
    const dialect = plugin.createDialect(source({ 'set-session-context': true }), context)
    expect([dialect.family, dialect.variant]).toEqual(['mssql', 'mssql'])
    expect(dialect.capabilities).toBe(MSSQL_CAPABILITIES)
    expect(dialect.capabilities).toMatchObject({
      storedProcedures: true,
      returning: 'output',
      nativeUpsert: true,
      explicitKeyInsert: false,
    })
  })

  it('accepts only set-session-context under data-source.options, as a boolean', () => {
    expect(() => mssqlPlugin().createDialect(source({ 'set-session-context': 'yes' }), context)).toThrow(
      /set-session-context: "yes" is not a boolean/,
    )
    expect(() => mssqlPlugin().createDialect(source({ schema: 'x' }), context)).toThrow(
      /data-source.options.schema: not a SQL Server option/,
    )
    expect(() => mssqlPlugin().createDialect(source(), context)).not.toThrow()
  })
})
