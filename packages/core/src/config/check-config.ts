import type { RuntimeConfig } from './runtime-config.js'
import { didYouMean } from '../util/did-you-mean.js'
import { checkAutoentity } from './check-autoentity.js'
import { checkCache } from './check-cache.js'
import { checkEntity } from './check-entity.js'
import { checkEndpointPaths } from './check-endpoint-paths.js'
import { checkEntityRestPaths } from './check-entity-rest-paths.js'
import type { ConfigReport } from './config-report.js'
import { findRestPathProblem } from './find-rest-path-problem.js'
import { formatConfigPath, type ConfigPath } from './format-config-path.js'
import { isJsonObject, readObject, type JsonObject } from './read-config-value.js'

/**
 * Semantic checks the schema cannot express, on the raw JSON (for exact paths) and the normalized config (for
 * defaults): required top-level keys, `host` given twice, `data-source-files`, REST paths, page sizes, entity
 * REST path clashes, each entity's own rules (`checkEntity`) and each autoentities definition's (`checkAutoentity`).
 * Everything goes to `report`.
 */
export function checkConfig(json: unknown, config: RuntimeConfig, report: ConfigReport): void {
  const root: JsonObject = isJsonObject(json) ? json : {}
  checkTopLevel(root, report)
  const runtimeRest = readObject(readObject(root, 'runtime'), 'rest')
  if (typeof runtimeRest?.['path'] === 'string') {
    const problem = findRestPathProblem(config.runtime.rest.path.replace(/^\//, ''), runtimeRest['path'])
    if (problem !== undefined) report.addProblem(['runtime', 'rest', 'path'], problem)
  }
  const { defaultPageSize, maxPageSize } = config.runtime.pagination
  if (defaultPageSize > maxPageSize) {
    report.addProblem(
      ['runtime', 'pagination', 'default-page-size'],
      `${defaultPageSize} is larger than max-page-size ${maxPageSize} (allowed: 1 to ${maxPageSize}, or -1 for max-page-size)`,
    )
  }
  const entities = readObject(root, 'entities') ?? {}
  // Relationship targets may be entities of data-source-files children (crossing sources is the model's to refuse).
  const names = [...config.entities.keys()]
  for (const name of Object.keys(entities)) checkEntity(name, entities[name], names, report)
  const autoentities = readObject(root, 'autoentities') ?? {}
  for (const name of Object.keys(autoentities)) checkAutoentity(name, autoentities[name], report)
  checkEntityRestPaths(config, report)
  checkEndpointPaths(config, report)
  checkBaseRoute(readObject(root, 'runtime')?.['base-route'], config, report)
  checkAuthenticationKeys(root, report)
  checkCache(config, report)
}

/**
 * `runtime.base-route`, as Data API builder checks it: only behind Static Web Apps (its front end is what serves the
 * API under that path), a path starting with `/`, without whitespace or reserved characters in its segments.
 */
function checkBaseRoute(written: unknown, config: RuntimeConfig, report: ConfigReport): void {
  if (typeof written !== 'string') return
  const at = ['runtime', 'base-route']
  const provider = config.runtime.host.authentication?.provider
  if (provider?.toLowerCase() !== 'staticwebapps') {
    report.addProblem(
      at,
      `${JSON.stringify(written)} can only be used when host.authentication.provider is StaticWebApps (it is ${provider === undefined ? 'not set' : JSON.stringify(provider)})`,
    )
  }
  if (!written.startsWith('/')) report.addProblem(at, `${JSON.stringify(written)} should start with a '/'`)
  else if (/\s/.test(written)) report.addProblem(at, `${JSON.stringify(written)} contains white space`)
  else if (
    written
      .slice(1)
      .split('/')
      .filter((s, i, all) => i < all.length - 1 || s !== '')
      .some((s) => s === '' || /[.:?#[\]@!$&'()*+,;=]/.test(s))
  ) {
    report.addProblem(
      at,
      `${JSON.stringify(written)} contains one or more reserved characters or an empty segment (allowed: segments of letters, digits, '-', '_' and '~')`,
    )
  }
}

function checkTopLevel(root: JsonObject, report: ConfigReport): void {
  // As DAB's schema: with data-source-files, the data sources (and entities) may all come from the child files.
  const files = root['data-source-files']
  if (files === undefined && root['data-source'] === undefined)
    report.addProblem([], "missing required key 'data-source'")
  // A non-empty autoentities section may bring every entity (DAB's schema: minProperties 1).
  const autoentities = readObject(root, 'autoentities')
  if (
    root['entities'] === undefined &&
    (autoentities === undefined || Object.keys(autoentities).length === 0) &&
    files === undefined
  ) {
    report.addProblem([], "missing required key 'entities'")
  }
  if (root['data-source'] === undefined) checkSourceless(root, report)
  if (root['host'] !== undefined && readObject(root, 'runtime')?.['host'] !== undefined) {
    report.addProblem(['host'], 'host is given both at the top level and as runtime.host; keep only one of them')
  }
}

/**
 * A file with `data-source-files` but no `data-source` of its own cannot hold entities or autoentities: they would
 * have no database (Data API builder refuses them too). Empty sections, as `dab init` writes, are fine.
 */
export function checkSourceless(file: JsonObject, report: ConfigReport): void {
  if (file['data-source-files'] === undefined) return
  for (const section of ['entities', 'autoentities'] as const) {
    const value = readObject(file, section)
    if (value !== undefined && Object.keys(value).length > 0) {
      report.addProblem(
        [section],
        `this file has no data-source, so its ${section} would have no database; move them into a data-source-files file or add a data-source`,
      )
    }
  }
}

/** `authentication` is open for plugins' extension keys; a key close to a known one is probably a typo. */
function checkAuthenticationKeys(root: JsonObject, report: ConfigReport): void {
  const inRuntime = readObject(root, 'runtime')?.['host'] !== undefined
  const hostPath: ConfigPath = inRuntime ? ['runtime', 'host'] : ['host']
  const host = inRuntime ? readObject(readObject(root, 'runtime'), 'host') : readObject(root, 'host')
  const authentication = readObject(host, 'authentication')
  warnNearMisses(authentication, ['provider', 'jwt'], [...hostPath, 'authentication'], report)
  warnNearMisses(
    readObject(authentication, 'jwt'),
    ['audience', 'issuer'],
    [...hostPath, 'authentication', 'jwt'],
    report,
  )
}

function warnNearMisses(
  node: JsonObject | undefined,
  known: readonly string[],
  path: ConfigPath,
  report: ConfigReport,
): void {
  for (const key of Object.keys(node ?? {})) {
    const hint = known.includes(key) ? '' : didYouMean(key, known)
    if (hint !== '') {
      report.addWarning(
        `${formatConfigPath([...path, key])} is not a known key; it is passed to authentication plugins as is.${hint}`,
      )
    }
  }
}
