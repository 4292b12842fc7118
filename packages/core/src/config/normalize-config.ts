import { basename } from 'node:path'
import type { AutoentityConfig, DataSourceConfig, EntityConfig, RuntimeConfig } from './runtime-config.js'
import type { ConfigReport } from './config-report.js'
import { normalizeAutoentity } from './normalize-autoentity.js'
import { normalizeDataSource } from './normalize-data-source.js'
import { normalizeEntity } from './normalize-entity.js'
import { normalizeRuntime } from './normalize-runtime.js'
import type { ChildSource } from './read-data-source-files.js'
import { isJsonObject, readObject, type JsonObject } from './read-config-value.js'

/** The name of a config's own data source when it was not read from a file. */
export const DEFAULT_DATA_SOURCE_NAME = 'default'

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
export function normalizeConfig(
  json: unknown,
  origin: ConfigOrigin,
  report: ConfigReport,
  children: readonly ChildSource[] = [],
): RuntimeConfig {
  const root: JsonObject = isJsonObject(json) ? json : {}
  const runtime = readObject(root, 'runtime')
  const dataSources = new Map<string, DataSourceConfig>()
  const entities = new Map<string, EntityConfig>()
  const owners = new Map<string, string>()
  const autoentities = new Map<string, AutoentityConfig>()
  const rawRoot = readObject(root, 'data-source')
  const rootName = origin.file === undefined ? DEFAULT_DATA_SOURCE_NAME : basename(origin.file)
  if (rawRoot !== undefined || children.length === 0) {
    dataSources.set(rootName, normalizeDataSource(rawRoot, rootName))
    for (const [name, raw] of Object.entries(readObject(root, 'entities') ?? {})) {
      entities.set(name, normalizeEntity(name, raw, report, rootName))
      owners.set(name, rootName)
    }
    for (const [name, raw] of Object.entries(readObject(root, 'autoentities') ?? {}))
      autoentities.set(name, normalizeAutoentity(name, raw, rootName))
  }
  // Entities and autoentities of every data-source-files child join the root's; names are unique across files (as in DAB).
  for (const child of children) {
    dataSources.set(child.dataSource.name, child.dataSource)
    for (const entity of child.entities) {
      const owner = owners.get(entity.name)
      if (owner !== undefined) {
        child.report.addProblem(
          ['entities', entity.name],
          `entity '${entity.name}' is already defined by ${owner}; entity names must be unique across data-source-files`,
        )
        continue
      }
      entities.set(entity.name, entity)
      owners.set(entity.name, child.dataSource.name)
    }
    for (const definition of child.autoentities) {
      const owner = autoentities.get(definition.name)?.dataSource
      if (owner !== undefined) {
        child.report.addProblem(
          ['autoentities', definition.name],
          `autoentities definition '${definition.name}' is already defined by ${owner}; definition names must be unique across data-source-files`,
        )
        continue
      }
      autoentities.set(definition.name, definition)
    }
  }
  return {
    file: origin.file,
    baseDir: origin.baseDir,
    dataSource: dataSources.values().next().value ?? normalizeDataSource(undefined, rootName),
    dataSources,
    runtime: normalizeRuntime(runtime, root['host'] ?? runtime?.['host']),
    entities,
    autoentities,
    warnings: report.warnings,
  }
}
