import { parseConfig, type RuntimeConfig } from '@sluice/core'
import type { ConformanceSource } from './conformance-engine.js'
import type { Fixture } from './fixture.js'

/** A permission action a fixture entity grants the anonymous role (`*` = every action). */
export type FixtureAction = 'create' | 'read' | 'update' | 'delete' | '*'

export interface FixtureConfigOptions {
  /** Actions the anonymous role gets on every fixture entity, all fields (default: `read` only). */
  readonly actions?: readonly FixtureAction[]
  /**
   * Data API builder `permissions` arrays by table name, used verbatim instead of the anonymous role's `actions`
   * for the tables named (the `auth.*` scenarios).
   */
  readonly permissions?: Readonly<Record<string, readonly unknown[]>>
  /**
   * Data API builder `relationships` objects by table name (the `relationships.*` scenarios). A `linking.object`
   * names a fixture table and is qualified with the session's schema, as the entities' sources are.
   */
  readonly relationships?: Readonly<Record<string, Readonly<Record<string, unknown>>>>
  /** Publish GraphQL too (the `graphql.*` scenarios, whose tables use only GraphQL-legal column names). Default off. */
  readonly graphql?: boolean
  /**
   * An `autoentities` section, given the session's schema, used instead of publishing each fixture table (the
   * `autoentities.*` scenarios): the config then lists no entities of its own.
   */
  readonly autoentities?: (schema: string | undefined) => Readonly<Record<string, unknown>>
}

/**
 * A Data API builder config publishing every fixture table as an entity of the same name (anonymous role, all
 * fields; read-only unless `options.actions` says otherwise), REST at `/api`, default pagination (100 per page,
 * `$first=-1` up to 100000), strict request bodies (the default).
 */
export function buildFixtureConfig(
  source: ConformanceSource,
  fixture: Fixture,
  options: FixtureConfigOptions = {},
): RuntimeConfig {
  const actions = options.actions ?? ['read']
  const entities: Record<string, unknown> = {}
  for (const table of fixture.tables) {
    entities[table.name] = {
      source: { object: source.schema === undefined ? table.name : `${source.schema}.${table.name}`, type: 'table' },
      permissions: options.permissions?.[table.name] ?? [{ role: 'anonymous', actions: [...actions] }],
      ...(options.relationships?.[table.name] === undefined
        ? {}
        : { relationships: inSchema(options.relationships[table.name], source.schema) }),
    }
  }
  // Keyless views: read-only, no key fields.
  for (const view of fixture.views ?? []) {
    entities[view.name] = {
      source: { object: source.schema === undefined ? view.name : `${source.schema}.${view.name}`, type: 'view' },
      permissions: [{ role: 'anonymous', actions: ['read'] }],
    }
  }
  // Procedures: anonymous may execute them, by GET and POST; parameters come from the database's declaration.
  for (const procedure of fixture.procedures ?? []) {
    entities[procedure.name] = {
      source: {
        object: source.schema === undefined ? procedure.name : `${source.schema}.${procedure.name}`,
        type: 'stored-procedure',
      },
      rest: { methods: ['get', 'post'] },
      permissions: [{ role: 'anonymous', actions: ['execute'] }],
    }
  }
  const json = {
    'data-source': {
      'database-type': source.databaseType,
      'connection-string': source.connectionString,
      options: source.options ?? {},
    },
    // GraphQL off unless asked for: most scenarios speak REST (and core's pipeline), and their generated column names
    // (`Größe`) are valid REST field names but not GraphQL names, which would stop the GraphQL plugin from starting.
    runtime: {
      rest: { enabled: true, path: '/api' },
      graphql: { enabled: options.graphql === true },
      host: { mode: 'development' },
    },
    ...(options.autoentities === undefined ? { entities } : { autoentities: options.autoentities(source.schema) }),
  }
  return parseConfig(json, { baseDir: process.cwd(), env: {} })
}

/** Relationships with each `linking.object` qualified with `schema` (when there is one). */
function inSchema(
  relationships: Readonly<Record<string, unknown>>,
  schema: string | undefined,
): Record<string, unknown> {
  if (schema === undefined) return { ...relationships }
  return Object.fromEntries(
    Object.entries(relationships).map(([name, r]) => {
      const linking = (r as Record<string, unknown>)['linking.object']
      return [
        name,
        typeof linking === 'string'
          ? { ...(r as Record<string, unknown>), 'linking.object': `${schema}.${linking}` }
          : r,
      ]
    }),
  )
}
