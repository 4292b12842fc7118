import { readFileSync, statSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { parseEnv } from 'node:util'
import type { RuntimeConfig } from './runtime-config.js'
import { SluiceError } from '../errors/sluice-error.js'
import { deepFreeze } from '../util/deep-freeze.js'
import { checkConfig } from './check-config.js'
import { createConfigError, createConfigReport } from './config-report.js'
import { normalizeConfig } from './normalize-config.js'
import { parseConfigJson } from './parse-config-json.js'
import { prepareConfigJson } from './prepare-config-json.js'
import { readDataSourceFiles } from './read-data-source-files.js'
import { checkAutoentity } from './check-autoentity.js'
import { checkEntity } from './check-entity.js'
import { mergeConfigJson } from './merge-config-json.js'
import { isJsonObject } from './read-config-value.js'
import type { EnvironmentVariables } from './substitute-env.js'
import { findUnimplementedKeys } from './unimplemented-keys.js'

export interface LoadConfigOptions {
  /** Variables for `@env()`; defaults to `process.env`. The working directory's `.env` file overrides them. */
  readonly env?: EnvironmentVariables
  /** The directory whose `.env` file is read; defaults to `process.cwd()` (Data API builder reads the working directory's). */
  readonly cwd?: string
  /**
   * A second config file layered over `file` before anything else (`dab-config.{DAB_ENVIRONMENT}.json` over
   * `dab-config.json`), merged as `mergeConfigJson` describes. Relative paths still resolve against `file`'s directory.
   */
  readonly overrideFile?: string
}

export interface ParseConfigOptions {
  /** Directory relative paths in the config resolve against. */
  readonly baseDir: string
  /** The file the JSON came from, if any (reported in `RuntimeConfig.file`). */
  readonly file?: string
  /** Variables for `@env()`; defaults to `process.env`. */
  readonly env?: EnvironmentVariables
}

/**
 * Reads a Data API builder config file (comments allowed), layers `options.overrideFile` over it if given, and
 * returns the normalized, frozen `RuntimeConfig`. As in Data API builder (which loads `.env` with DotNetEnv when it
 * starts), the working directory's `.env` file sets variables, overriding those of `options.env ?? process.env`.
 * Throws `SLUICE_ERR_CONFIG_NOT_FOUND` (no such file), `SLUICE_ERR_CONFIG_READ` (unreadable) or
 * `SLUICE_ERR_CONFIG` (every problem of the file at once, invalid JSON included).
 */
export function loadConfigFile(file: string, options: LoadConfigOptions = {}): RuntimeConfig {
  const absolute = resolve(file)
  const baseDir = dirname(absolute)
  let json = parseConfigJson(readText(absolute), absolute)
  if (options.overrideFile !== undefined) {
    const override = resolve(options.overrideFile)
    json = mergeConfigJson(json, parseConfigJson(readText(override), override))
  }
  const env = addDotEnv(join(resolve(options.cwd ?? process.cwd()), '.env'), options.env ?? process.env)
  return parseConfig(json, { baseDir, file: absolute, env })
}

/**
 * Parsed config JSON → `RuntimeConfig`: substitutes `@env()`, validates against the schema, normalizes shorthands
 * and defaults, runs the semantic checks, and throws one `SLUICE_ERR_CONFIG` listing every problem found.
 * Warnings (deprecated spellings, keys accepted but not implemented yet) land in `RuntimeConfig.warnings`.
 */
export function parseConfig(json: unknown, options: ParseConfigOptions): RuntimeConfig {
  const report = createConfigReport()
  const env = options.env ?? process.env
  const value = prepareConfigJson(json, env, report)
  if (!isJsonObject(value)) throw createConfigError(report.problems)
  // Child files of data-source-files (each its own data source) are read, checked and named relative to baseDir.
  const children = readDataSourceFiles(
    value,
    options.file ?? join(options.baseDir, 'dab-config.json'),
    {
      rootDir: options.baseDir,
      prepare: (child, childReport) => prepareConfigJson(child, env, childReport),
    },
    report,
  )
  const config = normalizeConfig(value, { file: options.file, baseDir: options.baseDir }, report, children)
  checkConfig(value, config, report)
  const entityNames = [...config.entities.keys()]
  for (const child of children) {
    for (const [name, raw] of Object.entries(child.rawEntities)) checkEntity(name, raw, entityNames, child.report)
    for (const [name, raw] of Object.entries(child.rawAutoentities)) checkAutoentity(name, raw, child.report)
  }
  if (report.problems.length > 0) throw createConfigError(report.problems)
  for (const warning of findUnimplementedKeys(value)) report.addWarning(warning)
  return deepFreeze(config)
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') {
      throw new SluiceError('SLUICE_ERR_CONFIG_NOT_FOUND', { detail: `${file} does not exist` }, { cause: error })
    }
    throw new SluiceError(
      'SLUICE_ERR_CONFIG_READ',
      { file, detail: error instanceof Error ? error.message : String(error) },
      { cause: error },
    )
  }
}

/** `env` with the `.env` file's values set over it (DotNetEnv's default, which Data API builder uses, overrides). */
function addDotEnv(envFile: string, env: EnvironmentVariables): EnvironmentVariables {
  if (statSync(envFile, { throwIfNoEntry: false })?.isFile() !== true) return env
  const merged: Record<string, string | undefined> = { ...env }
  for (const [name, value] of Object.entries(parseEnv(readText(envFile)))) {
    if (value !== undefined) merged[name] = value
  }
  return merged
}
