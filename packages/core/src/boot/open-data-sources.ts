import type { RuntimeConfig } from '../config/runtime-config.js'
import type { DataSourceRuntime } from '../dialect/data-source-registry.js'
import type { DialectPlugin } from '../dialect/dialect.js'
import { SluiceError } from '../errors/sluice-error.js'
import type { Logger } from '../request/logger.js'
import type { SluicePlugin } from '../plugin/sluice-plugin.js'

/**
 * Opens every data source of the config (`RuntimeConfig.dataSources`), each with the dialect plugin serving its
 * `database-type`, in parallel. When one fails, those already open are closed again and the first failure is thrown
 * (naming the data source when there are several).
 */
export async function openDataSources(
  config: RuntimeConfig,
  plugins: readonly SluicePlugin[],
  log: Logger,
): Promise<DataSourceRuntime[]> {
  const several = config.dataSources.size > 1
  const { statementTimeoutSeconds, poolAcquireTimeoutMs } = config.runtime.limits
  const limits = {
    statementTimeoutMs: statementTimeoutSeconds === null ? undefined : statementTimeoutSeconds * 1000,
    acquireTimeoutMs: poolAcquireTimeoutMs,
  }
  const sources = [...config.dataSources.values()].map((source): DataSourceRuntime => {
    const plugin = findDialectPlugin(plugins, source.databaseType)
    const pluginLog = log.child({ plugin: plugin.name, ...(several ? { dataSource: source.name } : {}) })
    const dialect = plugin.createDialect(source, { baseDir: config.baseDir, log: pluginLog, limits })
    return {
      name: source.name,
      config: source,
      dialect,
      driver: dialect.createDriver(),
      compiler: dialect.createCompiler(),
    }
  })
  const opened = await Promise.allSettled(sources.map((s) => s.driver.init()))
  const failed = opened.findIndex((r) => r.status === 'rejected')
  if (failed === -1) return sources
  await Promise.all(sources.map((s) => s.driver.destroy().catch(() => undefined)))
  const reason = (opened[failed] as PromiseRejectedResult).reason as unknown
  if (several && reason instanceof SluiceError) {
    throw new SluiceError(
      reason.code,
      {
        ...reason.params,
        detail: `${String(reason.params['detail'] ?? reason.message)} (data source ${sources[failed]!.name})`,
      },
      { cause: reason.cause },
    )
  }
  throw reason
}

function findDialectPlugin(plugins: readonly SluicePlugin[], databaseType: string): DialectPlugin {
  const dialects = plugins.filter(isDialectPlugin)
  const found = dialects.find((p) => p.databaseTypes.includes(databaseType))
  if (found === undefined) {
    const available = dialects.flatMap((p) => p.databaseTypes)
    throw new SluiceError('SLUICE_ERR_UNKNOWN_DATABASE_TYPE', {
      type: databaseType,
      available: available.length > 0 ? available.join(', ') : 'none',
    })
  }
  return found
}

function isDialectPlugin(p: SluicePlugin): p is DialectPlugin {
  return (p as Partial<DialectPlugin>).kind === 'dialect'
}
