import type { AutoentityConfig, EntityConfig } from '../config/runtime-config.js'
import { buildLikePattern } from '../config/build-like-pattern.js'
import { formatQualifiedName, type TableListing } from './database-metadata.js'
import { parseObjectName } from './parse-object-name.js'

/** What `autoentities` definitions make of a data source's tables. */
export interface GeneratedAutoentities {
  /** In definition order, then schema and table name order (code points). */
  readonly entities: readonly EntityConfig[]
  /** Name collisions (start-up stops), one line each. */
  readonly problems: readonly string[]
  /** Definitions that generated nothing, names that came out empty. */
  readonly warnings: readonly string[]
}

/**
 * Tables written by migration tools: never generated, whatever the patterns say (Data API builder skips Entity
 * Framework's and Flyway's; these are the common ones of every ecosystem). Declare an entity to publish one.
 * Compared ignoring case.
 */
const MIGRATION_HISTORY_TABLES: ReadonlySet<string> = new Set([
  '__efmigrationshistory',
  '__migrationhistory',
  '__flywayhistory',
  'flyway_schema_history',
  'sysdiagrams',
  'databasechangelog',
  'databasechangeloglock',
  'knex_migrations',
  'knex_migrations_lock',
  '_prisma_migrations',
  'sequelizemeta',
  'schema_migrations',
  'ar_internal_metadata',
  'django_migrations',
  'alembic_version',
  'goose_db_version',
  '__drizzle_migrations',
  'pgmigrations',
  'typeorm_metadata',
])

/**
 * Applies `definitions` (all of one data source) to its `tables`: a table with a primary key whose `schema.object`
 * matches an include pattern (every table when there is none) and no exclude pattern becomes a table entity named
 * by the name pattern — `{schema}` and `{object}` replaced, whitespace removed with the next character upper-cased
 * (Data API builder's `RemoveWhitespaceAddCamelCase`) — with the template's settings and the definition's
 * permissions. `taken` holds the entities already named (the config's, those generated for other data sources); a
 * name used twice is a problem.
 */
export function generateAutoentities(
  definitions: readonly AutoentityConfig[],
  tables: readonly TableListing[],
  taken: ReadonlyMap<string, EntityConfig>,
): GeneratedAutoentities {
  const owners = new Map(taken)
  const entities: EntityConfig[] = []
  const problems: string[] = []
  const warnings: string[] = []
  const candidates = tables.filter((t) => !MIGRATION_HISTORY_TABLES.has(t.name.name.toLowerCase())).sort(compareTables)
  for (const definition of definitions) {
    const include = definition.patterns.include.map(buildLikePattern)
    const exclude = definition.patterns.exclude.map(buildLikePattern)
    const matching = candidates.filter((t) => {
      const full = `${t.name.schema}.${t.name.name}`
      return (include.length === 0 || include.some((p) => p.test(full))) && !exclude.some((p) => p.test(full))
    })
    let generated = 0
    for (const { name: object } of matching.filter((t) => t.hasPrimaryKey)) {
      const from = `${object.schema}.${object.name}`
      const name = joinWhitespace(
        definition.patterns.name.replace(/\{(schema|object)\}/g, (_, part: string) =>
          part === 'schema' ? object.schema : object.name,
        ),
      )
      if (name === '') {
        warnings.push(
          `autoentities.${definition.name}: the name pattern gives ${from} an empty entity name; the table is skipped.`,
        )
        continue
      }
      const owner = owners.get(name)
      if (owner !== undefined) {
        problems.push(
          `autoentities.${definition.name}: the entity name '${name}' (from ${from}) is already ${describeOwner(owner)} with patterns.exclude or change patterns.name.`,
        )
        continue
      }
      const entity = buildEntity(name, object, definition)
      owners.set(name, entity)
      entities.push(entity)
      generated++
    }
    if (generated === 0) {
      const keyless = matching.filter((t) => !t.hasPrimaryKey).map((t) => `${t.name.schema}.${t.name.name}`)
      const hint =
        keyless.length === 0 ? '' : ` Matching tables without a primary key are never generated: ${keyless.join(', ')}.`
      warnings.push(`autoentities.${definition.name}: no table matches its patterns; it generates no entities.${hint}`)
    }
  }
  return { entities, problems, warnings }
}

/** Removes whitespace, upper-casing the character after each run of it: `dbo_Order Items` → `dbo_OrderItems`. */
export function joinWhitespace(name: string): string {
  return name.replace(/\s+(\S?)/gu, (_, next: string) => next.toUpperCase())
}

function buildEntity(name: string, object: TableListing['name'], definition: AutoentityConfig): EntityConfig {
  const { template } = definition
  return {
    name,
    dataSource: definition.dataSource,
    autoentity: definition.name,
    description: undefined,
    // Quoted, so names with dots, spaces or quotes parse back exactly (see parseObjectName).
    source: { object: `${quote(object.schema)}.${quote(object.name)}`, type: 'table', parameters: [] },
    fields: [],
    rest: { enabled: template.rest.enabled, path: undefined, methods: undefined },
    graphql: {
      enabled: template.graphql.enabled,
      singular: undefined,
      plural: undefined,
      operation: undefined,
      subscription: { enabled: false, events: [] },
    },
    permissions: definition.permissions,
    relationships: new Map(),
    cache: template.cache,
    mcp: template.mcp,
    health: { enabled: template.health.enabled, first: 100, thresholdMs: 1000 },
  }
}

function describeOwner(owner: EntityConfig): string {
  if (owner.autoentity === undefined) return `taken by entity '${owner.name}' of the config; skip the table`
  const source = parseObjectName(owner.source.object)
  return `generated from ${source === undefined ? owner.source.object : formatQualifiedName(source)} by autoentities.${owner.autoentity}; skip one table`
}

function quote(part: string): string {
  return `"${part.replaceAll('"', '""')}"`
}

function compareTables(a: TableListing, b: TableListing): number {
  return compareCodePoints(a.name.schema, b.name.schema) || compareCodePoints(a.name.name, b.name.name)
}

function compareCodePoints(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
