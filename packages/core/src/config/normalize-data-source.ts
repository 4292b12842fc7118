import type { DataSourceConfig } from './runtime-config.js'
import { readBoolean, readInteger, readObject, readString, type JsonObject } from './read-config-value.js'

/** A raw `data-source` object → `DataSourceConfig`, named `name` (see `RuntimeConfig.dataSources`). */
export function normalizeDataSource(dataSource: JsonObject | undefined, name: string): DataSourceConfig {
  const health = readObject(dataSource, 'health')
  return {
    name,
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
