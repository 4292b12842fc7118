import cluster from 'node:cluster'
import { readFileSync } from 'node:fs'
import { basename, resolve } from 'node:path'
import { availableParallelism } from 'node:os'
import { createSluice, loadConfigFile, silentLogger, type Logger, type RuntimeConfig } from '@sluice/core'
import { createLogger } from '../create-logger.js'
import { deriveCursorSecret } from '../derive-cursor-secret.js'
import { describeAutoentities } from '../describe-autoentities.js'
import { describeEndpoints } from '../describe-endpoints.js'
import { resolveConfigPath, type ConfigLocation } from '../resolve-config-path.js'
import { parseWorkerCount, runWorkers } from '../run-workers.js'
import { SERVER_VERSION } from '../server-version.js'
import { CliError } from './cli-error.js'
import { workingDirectory } from './working-directory.js'

/**
 * `sluice start` (HTTP, or MCP on stdio) and `sluice validate`: the verbs that load a configuration and boot the
 * engine. The CLI imports this module only for them, so that `init`, `add`, `--help` … start without loading core.
 */

/** DAB's log levels by number (`--log-level 2`) and by name. */
const LOG_LEVELS = ['trace', 'debug', 'information', 'warning', 'error', 'critical', 'none']

export type StartValues = {
  config?: string
  port?: string
  host?: string
  demo?: boolean
  workers?: string
  verbose?: boolean
  'log-level'?: string
  LogLevel?: string
  'no-https-redirect'?: boolean
}

export async function start(values: StartValues): Promise<number> {
  const location = resolveConfigPath(values.config, values.demo === true)
  const config = loadLocation(location)
  const log = createLogger(config, { level: readLogLevel(values) })
  if (location.overrideFile !== undefined && cluster.isPrimary)
    log.info(`using ${location.file} merged with ${location.overrideFile} (DAB_ENVIRONMENT)`)
  if (values['no-https-redirect'] === true && cluster.isPrimary)
    log.info('--no-https-redirect has no effect: Sluice serves plain HTTP and never redirects to HTTPS')
  if (values.workers !== undefined && cluster.isPrimary) {
    const count = parseWorkerCount(values.workers, availableParallelism())
    if (count === undefined)
      throw new CliError(`invalid --workers '${values.workers}' (expected a number from 1 to 999, or auto).`)
    if (config.dataSource.databaseType === 'pglite') {
      throw new CliError(
        '--workers needs a database server: PGlite is embedded in one process and cannot be shared by several.',
      )
    }
    for (const warning of config.warnings) log.warn(warning)
    parsePort(values.port ?? (process.env['PORT'] || '5000'))
    log.info(`starting ${count} workers`)
    return runWorkers({ count, log })
  }
  if (cluster.isPrimary) for (const warning of config.warnings) log.warn(warning)
  const port = parsePort(values.port ?? (process.env['PORT'] || '5000'))
  const host = values.host ?? '127.0.0.1'
  const [{ createServer }, { serveSluice }] = await Promise.all([
    import('../create-server.js'),
    import('../serve-sluice.js'),
  ])
  // Cursors stay valid across hot reloads: the secret comes from the configuration the process started with.
  const cursorSecret = deriveCursorSecret(config, readLocationText(location))
  const service = await serveSluice(config, {
    port,
    host,
    log,
    create: (next) => createServer({ config: next, logger: log, cursorSecret }),
    reload: () => loadLocation(location),
    files: configFiles(location, config),
    listenFirst: !cluster.isWorker,
  })
  const server = service.front.current!
  log.info(
    `Sluice ${SERVER_VERSION} is listening on ${service.address} (${config.runtime.host.mode} mode, ${server.sluice.model.entities.size} entities; ${describeEndpoints(config, service.address)})`,
  )
  // A worker stops when its primary says so (SIGTERM); a terminal's SIGINT reaches the primary, which relays it.
  stopOnSignals(
    async () => {
      log.info('shutting down: finishing in-flight requests')
      await service.close()
      // The IPC channel to the primary would keep a worker alive: drop it so the process ends once sockets flush.
      cluster.worker?.disconnect()
    },
    cluster.isWorker ? ['SIGTERM'] : ['SIGTERM', 'SIGINT'],
  )
  if (cluster.isWorker) process.on('SIGINT', () => undefined)
  return new Promise<number>(() => undefined)
}

/**
 * MCP over stdin/stdout for an agent that launched this process: no HTTP listener, every tool call acts as the given
 * role, and stdout carries JSON-RPC only (logs go to stderr). Ends when the client closes stdin or on a signal.
 */
export async function startMcpStdio(values: StartValues, roleArgument: string | undefined): Promise<number> {
  if (values.port !== undefined || values.host !== undefined || values.workers !== undefined) {
    throw new CliError('--mcp-stdio serves MCP on stdin/stdout only; it takes no --port, --host or --workers.')
  }
  const role = roleArgument === undefined ? 'anonymous' : roleArgument.slice('role:'.length).trim()
  if (role === '') throw new CliError('--mcp-stdio expects role:NAME (for example role:authenticated).')
  const location = resolveConfigPath(values.config, values.demo === true)
  const config = loadLocation(location)
  if (!config.runtime.mcp.enabled)
    throw new CliError('MCP is disabled in the configuration (runtime.mcp.enabled is false).')
  const log = createLogger(config, { destination: 2, level: readLogLevel(values) })
  for (const warning of config.warnings) log.warn(warning)
  // initialize is answered while the database is introspected; tool requests wait for the boot (DAB issue #3430).
  const [{ defaultPlugins }, { serveMcpStdio }] = await Promise.all([
    import('../default-plugins.js'),
    import('@sluice/plugin-mcp'),
  ])
  const booting = createSluice({
    config,
    plugins: defaultPlugins(),
    log,
    cursorSecret: deriveCursorSecret(config, readLocationText(location)),
  })
  const session = await serveMcpStdio({
    config,
    log,
    role,
    host: booting.then((s) => ({ model: s.model, config, pipeline: s.pipeline, log })),
  })
  const sluice = await booting
  log.info(`Sluice ${SERVER_VERSION} serves MCP on stdio as role ${role} (${sluice.model.entities.size} entities)`)
  stopOnSignals(() => session.close(), ['SIGTERM', 'SIGINT'])
  await session.closed
  await sluice.close()
  return 0
}

export async function validate(values: { config?: string; demo?: boolean }): Promise<number> {
  const location = resolveConfigPath(values.config, values.demo === true)
  const config = loadLocation(location)
  for (const warning of config.warnings) process.stderr.write(`warning: ${warning}\n`)
  const { defaultPlugins } = await import('../default-plugins.js')
  // Every warning start-up would log against the database (a `fields` entry naming no column, a policy refused per
  // request, an autoentities definition that generates nothing …) goes to stderr as it would to the log.
  const sluice = await createSluice({ config, plugins: defaultPlugins(), log: createWarningLogger() })
  await sluice.close()
  const merged = location.overrideFile === undefined ? '' : ` merged with ${location.overrideFile}`
  const generated = describeAutoentities(sluice.model)
    .map((line) => `${line}\n`)
    .join('')
  return print(
    `${location.file}${merged} is valid: ${sluice.model.entities.size} entities match the database.\n${generated}`,
  )
}

/** A logger that writes warnings and errors to stderr as `warning: …` / `error: …` lines and drops the rest. */
function createWarningLogger(): Logger {
  const write =
    (level: string) =>
    (obj: object | string, msg?: string): void => {
      process.stderr.write(`${level}: ${typeof obj === 'string' ? obj : (msg ?? JSON.stringify(obj))}\n`)
    }
  const log: Logger = { ...silentLogger, warn: write('warning'), error: write('error'), child: () => log }
  return log
}

/** Loads the config as located: the environment's file layered over the base when DAB_ENVIRONMENT names one. */
function loadLocation(location: ConfigLocation): RuntimeConfig {
  return loadConfigFile(location.file, { cwd: workingDirectory(), overrideFile: location.overrideFile })
}

/** Every file the configuration is read from: the config, its DAB_ENVIRONMENT override, its data-source-files. */
function configFiles(location: ConfigLocation, config: RuntimeConfig): string[] {
  const children = [...config.dataSources.keys()]
    .filter((name) => name !== basename(location.file))
    .map((name) => resolve(config.baseDir, name))
  return [location.file, ...(location.overrideFile === undefined ? [] : [location.overrideFile]), ...children]
}

function readLocationText(location: ConfigLocation): string {
  return [location.file, location.overrideFile]
    .filter((f) => f !== undefined)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n')
}

/** `--log-level` (a name or DAB's 0-6), the hidden legacy `--LogLevel`, or `--verbose` (information). */
function readLogLevel(values: StartValues): string | undefined {
  const given = values['log-level'] ?? values.LogLevel
  if (given === undefined) return values.verbose === true ? 'information' : undefined
  const level = /^\d$/.test(given) ? LOG_LEVELS[Number(given)] : LOG_LEVELS.find((l) => l === given.toLowerCase())
  if (level === undefined)
    throw new CliError(`invalid --log-level '${given}' (expected 0-6 or one of ${LOG_LEVELS.join(', ')}).`)
  return level
}

/**
 * First SIGTERM/SIGINT: stop accepting, finish in-flight requests, close pools, then let the process end by itself
 * once every socket has flushed (an immediate process.exit would cut off responses still being written). A second
 * signal, or a shutdown still pending after the grace period, exits at once.
 */
function stopOnSignals(stop: () => Promise<void>, signals: readonly NodeJS.Signals[], graceMs = 30_000): void {
  let stopping = false
  const onSignal = (): void => {
    if (stopping) process.exit(1)
    stopping = true
    setTimeout(() => process.exit(1), graceMs).unref()
    stop().then(
      () => {
        process.exitCode = 0
      },
      (error: unknown) => {
        process.stderr.write(`sluice: error while shutting down: ${String(error)}\n`)
        process.exit(1)
      },
    )
  }
  for (const signal of signals) process.on(signal, onSignal)
}

function parsePort(text: string): number {
  const port = Number(text)
  if (!/^\d+$/.test(text) || port < 0 || port > 65535) throw new CliError(`invalid port '${text}' (expected 0-65535).`)
  return port
}

function print(text: string): number {
  process.stdout.write(text)
  return 0
}
