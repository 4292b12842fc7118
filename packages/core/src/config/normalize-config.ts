import type { DataSourceConfig, EntityConfig, RuntimeConfig } from './runtime-config.js'
import type { ConfigReport } from './config-report.js'
import { normalizeEntity } from './normalize-entity.js'
import { normalizeRuntime } from './normalize-runtime.js'
import { isJsonObject, readBoolean, readInteger, readObject, readString, type JsonObject } from './read-config-value.js'

export interface ConfigOrigin {
  /** Absolute path of the config file, when there is one. */
  readonly file: string | undefined
  /** Directory relative paths resolve against. */
  readonly baseDir: string
}

/**
 * Validated raw config JSON → `RuntimeConfig`: every shorthand expanded, every default applied. It tolerates
 * invalid parts (reading them as absent), so semantic checks can still run when the schema reported problems.
 * Deprecated spellings add warnings to `report`; `report.warnings` becomes `RuntimeConfig.warnings`.
 */
export function normalizeConfig(json: unknown, origin: ConfigOrigin, report: ConfigReport): RuntimeConfig {
  const root: JsonObject = isJsonObject(json) ? json : {}
  const runtime = readObject(root, 'runtime')
  const entities = new Map<string, EntityConfig>()
  for (const [name, raw] of Object.entries(readObject(root, 'entities') ?? {})) {
    entities.set(name, normalizeEntity(name, raw, report))
  }
  return {
    file: origin.file,
    baseDir: origin.baseDir,
    dataSource: normalizeDataSource(readObject(root, 'data-source')),
    runtime: normalizeRuntime(runtime, root['host'] ?? runtime?.['host']),
    entities,
    warnings: report.warnings,
  }
}

function normalizeDataSource(dataSource: JsonObject | undefined): DataSourceConfig {
  const health = readObject(dataSource, 'health')
  return {
    databaseType: (readString(dataSource, 'database-type') ?? '').toLowerCase(),
    connectionString: readString(dataSource, 'connection-string') ?? '',
    options: readObject(dataSource, 'options') ?? {},
    health: {
      enabled: readBoolean(health, 'enabled', true),
      name: readString(health, 'name'),
      thresholdMs: readInteger(health, 'threshold-ms', 1000),
    },
  }
}
