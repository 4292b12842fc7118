import {
  pluralize,
  type DataSourceConfig,
  type Driver,
  type EntityModel,
  type RuntimeConfig,
  type ServiceModel,
} from '@sluice/core'
import { HealthCheckBudget } from './health-check-budget.js'
import { MCP_THRESHOLD_MS, type HealthCheckEntry, type SkippedHealthCheck } from './health-report.js'
import { mapBounded } from './map-bounded.js'

/** A request sent through the server itself (fastify inject) with the caller's credentials. */
export interface HealthProbeRequest {
  readonly method: 'GET' | 'POST'
  readonly url: string
  readonly headers?: Readonly<Record<string, string>>
  readonly payload?: string
  /** Aborts when the check is given up (its threshold passed). */
  readonly signal?: AbortSignal
}
export type SendHealthProbe = (request: HealthProbeRequest) => Promise<HealthProbeResponse>
export interface HealthProbeResponse {
  readonly status: number
  readonly body: string
}

export interface HealthCheckTarget {
  readonly config: RuntimeConfig
  readonly model: ServiceModel
  /** Every data source (several with `data-source-files`), each checked with its own driver. */
  readonly dataSources: {
    readonly all: readonly { readonly config: DataSourceConfig; readonly driver: Pick<Driver, 'execute'> }[]
  }
  /** The protocols composed (`ProtocolPlugin.protocol`): an endpoint is checked only where a protocol serves it. */
  readonly protocols: readonly { readonly protocol: string }[]
}

const DATABASE_NAMES: Readonly<Record<string, string>> = {
  postgresql: 'PostgreSQL',
  pglite: 'PGlite',
  mysql: 'MySQL',
  mssql: 'MSSQL',
}
const JSON_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream' }

/** The checks run, in order, and those not run because the caller's role may not read their entity. */
export interface HealthCheckResults {
  readonly checks: HealthCheckEntry[]
  readonly skipped: SkippedHealthCheck[]
}

const MAY_NOT_READ = 'The role may not read this entity.'

/** What every entity check needs: the configuration, the protocols served, the caller, and the report's budget. */
interface EntityCheckContext {
  readonly config: RuntimeConfig
  readonly served: ReadonlySet<string>
  readonly role: string
  readonly send: SendHealthProbe
  readonly budget: HealthCheckBudget
}

/**
 * Data API builder's checks, in a fixed order: one `SELECT 1` per data source (each on its own driver, all at once);
 * for each entity with `health.enabled` (stored procedures excluded), `GET {rest}/{entity}?$first={first}` and the
 * GraphQL list query with `first`, sent through the server as the caller (`send` carries their credentials), so
 * authorization applies exactly as to them; then an MCP `initialize`. Unlike Data API builder, an entity the role
 * may not read is not checked (its checks could only fail with 403, and a probe's role would then keep the service
 * unready for good): its checks are listed as skipped instead. At most `max-query-parallelism` entities are
 * checked at once. Each check ends by its threshold, and the report stops starting checks once it is known to be
 * slow (HealthCheckBudget).
 */
export async function runHealthChecks(
  target: HealthCheckTarget,
  role: string,
  send: SendHealthProbe,
): Promise<HealthCheckResults> {
  const { config } = target
  const sources = target.dataSources.all.filter((s) => s.config.health.enabled)
  const served = new Set(target.protocols.map((p) => p.protocol))
  const skipped: SkippedHealthCheck[] = []
  const entities = [...target.model.entities.values()].filter((e) => {
    if (!e.config.health.enabled || e.kind === 'stored-procedure') return false
    if (e.permissions.resolve(role, 'read') !== undefined) return true
    for (const endpoint of checkedEndpoints(config, served, e))
      skipped.push({ name: e.name, tags: [endpoint, 'endpoint'], reason: MAY_NOT_READ })
    return false
  })
  const mcp = config.runtime.mcp.enabled && served.has('mcp')
  const thresholds = [...sources.map((s) => s.config.health), ...entities.map((e) => e.config.health)].map(
    (h) => h.thresholdMs,
  )
  const budget = new HealthCheckBudget(Math.max(0, mcp ? MCP_THRESHOLD_MS : 0, ...thresholds))
  const several = target.dataSources.all.length > 1
  const checks = await Promise.all(
    sources.map(({ config: source, driver }) => {
      // Several sources of one engine need telling apart: the file that declares each names it.
      const engine = DATABASE_NAMES[source.databaseType] ?? source.databaseType
      const name = source.health.name ?? (several ? `${engine} (${source.name})` : engine)
      return budget.run(name, ['data-source'], source.health.thresholdMs, async (signal) => {
        await driver.execute({ sql: 'SELECT 1', parameters: [], name: undefined }, { signal })
      })
    }),
  )
  const context: EntityCheckContext = { config, served, role, send, budget }
  const { maxQueryParallelism } = config.runtime.health
  const perEntity = await mapBounded(entities, maxQueryParallelism, (entity) => checkEntity(context, entity))
  checks.push(...perEntity.flat())
  if (mcp) {
    checks.push(
      await budget.run('mcp', ['mcp'], MCP_THRESHOLD_MS, async (signal) => {
        const { path } = config.runtime.mcp
        const response = await send({
          method: 'POST',
          url: path,
          headers: JSON_HEADERS,
          payload: MCP_INITIALIZE,
          signal,
        })
        if (response.status >= 300)
          throw new Error(`The MCP HealthEndpoint query failed with code: ${response.status}.`)
      }),
    )
  }
  return { checks, skipped }
}

/** The endpoints an entity is checked on: REST and GraphQL, each where it is enabled and served. */
function checkedEndpoints(
  config: RuntimeConfig,
  served: ReadonlySet<string>,
  entity: EntityModel,
): ('rest' | 'graphql')[] {
  const endpoints: ('rest' | 'graphql')[] = []
  if (config.runtime.rest.enabled && served.has('rest') && entity.rest.enabled) endpoints.push('rest')
  if (config.runtime.graphql.enabled && served.has('graphql') && entity.graphql.enabled) endpoints.push('graphql')
  return endpoints
}

async function checkEntity(context: EntityCheckContext, entity: EntityModel): Promise<HealthCheckEntry[]> {
  const { config, served, role, send, budget } = context
  const { first, thresholdMs } = entity.config.health
  const checks: HealthCheckEntry[] = []
  const endpoints = checkedEndpoints(config, served, entity)
  if (endpoints.includes('rest')) {
    const path = entity.rest.path.split('/').map(encodeURIComponent).join('/')
    checks.push(
      await budget.run(entity.name, ['rest', 'endpoint'], thresholdMs, async (signal) => {
        const response = await send({
          method: 'GET',
          url: `${config.runtime.rest.path}/${path}?$first=${first}`,
          signal,
        })
        if (response.status >= 300)
          throw new Error(`The REST HealthEndpoint query failed with code: ${response.status}.`)
      }),
    )
  }
  if (endpoints.includes('graphql')) {
    const query = `{ ${listField(entity)}(first: ${first}) { items { ${selection(entity, role)} } } }`
    const payload = JSON.stringify({ query })
    checks.push(
      await budget.run(entity.name, ['graphql', 'endpoint'], thresholdMs, async (signal) => {
        const { path } = config.runtime.graphql
        const response = await send({ method: 'POST', url: path, headers: JSON_HEADERS, payload, signal })
        if (response.status >= 300) {
          throw new Error(`The GraphQL HealthEndpoint query failed with code: ${response.status}.`)
        }
        const errors = (JSON.parse(response.body) as { errors?: { message?: string }[] }).errors
        if (errors !== undefined && errors.length > 0) {
          throw new Error(`The GraphQL HealthEndpoint query failed: ${errors[0]?.message ?? 'error'}`)
        }
      }),
    )
  }
  return checks
}

/** The entity's GraphQL list query field, named as the GraphQL plugin names it (Data API builder's rule). */
function listField(entity: EntityModel): string {
  const plural = entity.graphql.plural ?? pluralize(entity.graphql.singular ?? entity.name)
  return plural.charAt(0).toLowerCase() + plural.slice(1)
}

/** The fields the role may read (all fields when it may read none: the query then fails as Data API builder's does). */
function selection(entity: EntityModel, role: string): string {
  const permitted = entity.permissions.resolve(role, 'read')?.fields
  const fields = entity.fields.filter((f) => permitted === undefined || permitted.has(f.name)).map((f) => f.name)
  return fields.length > 0 ? fields.join(' ') : '__typename'
}

const MCP_INITIALIZE = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: {
    protocolVersion: '2025-06-18',
    capabilities: {},
    clientInfo: { name: 'sluice-health-check', version: '1.0.0' },
  },
})
