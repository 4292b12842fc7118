import { readFileSync } from 'node:fs'
import { dirname, relative, resolve } from 'node:path'
import { checkSourceless } from './check-config.js'
import type { ConfigReport } from './config-report.js'
import type { ConfigPath } from './format-config-path.js'
import { normalizeAutoentity } from './normalize-autoentity.js'
import { normalizeDataSource } from './normalize-data-source.js'
import { normalizeEntity } from './normalize-entity.js'
import { parseConfigJson } from './parse-config-json.js'
import { prefixConfigReport } from './prefix-config-report.js'
import { isJsonObject, readObject, type JsonObject } from './read-config-value.js'
import type { AutoentityConfig, DataSourceConfig, EntityConfig } from './runtime-config.js'

/** One data source brought by a `data-source-files` entry, with the entities and autoentities of its file. */
export interface ChildSource {
  readonly dataSource: DataSourceConfig
  readonly entities: readonly EntityConfig[]
  /** The child's raw entities, for the entity checks the root runs on its own. */
  readonly rawEntities: JsonObject
  /** Its `autoentities` definitions, matched against its own data source's tables. */
  readonly autoentities: readonly AutoentityConfig[]
  readonly rawAutoentities: JsonObject
  readonly report: ConfigReport
}

export interface DataSourceFilesContext {
  /** Directory the root config's relative paths resolve against; data-source names are paths relative to it. */
  readonly rootDir: string
  /** `@env()` substitution, schema validation and unresolved-reference reporting, as for the root file. */
  readonly prepare: (json: unknown, report: ConfigReport) => unknown
  readonly readText?: (file: string) => string
}

/**
 * Data API builder's `data-source-files`: each file is a config of its own with one `data-source`, its `entities`
 * and `autoentities` (and possibly `data-source-files` again, read depth first). Paths resolve against the file that
 * names them. Each data source is named by its file's path relative to the root config's directory. A child's `runtime`
 * is ignored (the root's applies, as in DAB) with a warning; a file that cannot be read is a problem — DAB skips
 * missing files silently, which would drop entities without a word.
 */
export function readDataSourceFiles(
  root: JsonObject,
  fromFile: string,
  context: DataSourceFilesContext,
  report: ConfigReport,
  seen: Set<string> = new Set([resolve(fromFile)]),
): ChildSource[] {
  const files = root['data-source-files']
  if (!Array.isArray(files)) return []
  const out: ChildSource[] = []
  files.forEach((entry, i) => {
    if (typeof entry !== 'string') return
    const path: ConfigPath = ['data-source-files', i]
    const file = resolve(dirname(fromFile), entry)
    const name = relative(context.rootDir, file)
    if (seen.has(file)) {
      report.addProblem(
        path,
        `${name} is already part of this configuration (a data-source-files cycle or a file listed twice)`,
      )
      return
    }
    seen.add(file)
    let json: unknown
    try {
      json = parseConfigJson((context.readText ?? readUtf8)(file), file)
    } catch (error) {
      report.addProblem(
        path,
        `cannot read ${name}: ${
          error instanceof Error
            ? error.message
                .split('\n')
                .slice(-1)[0]!
                .replace(/^\s*- /, '')
            : String(error)
        }`,
      )
      return
    }
    const childReport = prefixConfigReport(report, path, name)
    const value = context.prepare(json, childReport)
    if (!isJsonObject(value)) return
    if (value['runtime'] !== undefined)
      childReport.addWarning(
        "its runtime section is ignored; the root configuration's runtime applies to every data source.",
      )
    if (readObject(value, 'data-source') !== undefined) {
      const entities: EntityConfig[] = []
      const rawEntities = readObject(value, 'entities') ?? {}
      for (const [entity, raw] of Object.entries(rawEntities))
        entities.push(normalizeEntity(entity, raw, childReport, name))
      const rawAutoentities = readObject(value, 'autoentities') ?? {}
      const autoentities = Object.entries(rawAutoentities).map(([definition, raw]) =>
        normalizeAutoentity(definition, raw, name),
      )
      out.push({
        dataSource: normalizeDataSource(readObject(value, 'data-source'), name),
        entities,
        rawEntities,
        autoentities,
        rawAutoentities,
        report: childReport,
      })
    } else if (value['data-source-files'] === undefined) {
      childReport.addProblem([], "missing required key 'data-source'")
    } else {
      checkSourceless(value, childReport)
    }
    out.push(...readDataSourceFiles(value, file, context, childReport, seen))
  })
  return out
}

function readUtf8(file: string): string {
  return readFileSync(file, 'utf8')
}
