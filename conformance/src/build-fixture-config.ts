import { parseConfig, type RuntimeConfig } from '@sluice/core'
import type { ConformanceSource } from './conformance-engine.js'
import type { Fixture } from './fixture.js'

/**
 * A Data API builder config publishing every fixture table as a read-only entity of the same name (anonymous
 * role, all fields), REST at `/api`, default pagination (100 per page, `$first=-1` up to 100000).
 */
export function buildFixtureConfig(source: ConformanceSource, fixture: Fixture): RuntimeConfig {
  const entities: Record<string, unknown> = {}
  for (const table of fixture.tables) {
    entities[table.name] = {
      source: { object: source.schema === undefined ? table.name : `${source.schema}.${table.name}`, type: 'table' },
      permissions: [{ role: 'anonymous', actions: ['read'] }],
    }
  }
  const json = {
    'data-source': { 'database-type': source.databaseType, 'connection-string': source.connectionString, options: source.options ?? {} },
    runtime: { rest: { enabled: true, path: '/api' }, host: { mode: 'development' } },
    entities,
  }
  return parseConfig(json, { baseDir: process.cwd(), env: {} })
}
