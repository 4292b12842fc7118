import { randomBytes } from 'node:crypto'
import { request } from 'node:http'
import { describe, it } from 'vitest'
import { parseConnectionString } from '@sluice/core'
import { MssqlDriver, mssqlPlugin } from '@sluice/plugin-mssql'
import { createMssqlFixture } from '../src/engines/mssql-fixture.js'
import { createEngineUnavailableError, runConformanceSuite, type ConformanceEngine } from '../src/index.js'

/**
 * SQL Server. No server runs on the development machines, so the suite runs against, in order:
 * 1. `SLUICE_MSSQL_URL` — an ADO.NET connection string (`Server=host,1433;Database=…;User ID=…;Password=…;
 *    TrustServerCertificate=true`) or a `sqlserver://` URL of a server you run;
 * 2. a throw-away SQL Server 2022 container started by testcontainers when a Docker engine is reachable;
 * 3. otherwise nothing: the suite is reported skipped, naming what was missing. A server is never faked.
 * Each run creates a schema `sluice_c_<random>` and drops it at close.
 */
const IMAGE = 'mcr.microsoft.com/mssql/server:2022-latest'
const configuredUrl = process.env['SLUICE_MSSQL_URL']
const dockerProblem = configuredUrl === undefined ? await findDockerProblem() : undefined

interface Server {
  readonly connectionString: string
  stop(): Promise<void>
}

async function startServer(): Promise<Server> {
  if (configuredUrl !== undefined) return { connectionString: configuredUrl, stop: async () => undefined }
  const { MSSQLServerContainer } = await import('@testcontainers/mssqlserver')
  const container = await new MSSQLServerContainer(IMAGE)
    .acceptLicense()
    .start()
    .catch((error: unknown) => {
      throw createEngineUnavailableError(`could not start ${IMAGE} with testcontainers: ${String(error)}`, error)
    })
  return {
    connectionString: `${container.getConnectionUri(false)};TrustServerCertificate=true`,
    stop: async () => {
      await container.stop()
    },
  }
}

const engine: ConformanceEngine = {
  name: 'mssql',
  createPlugin: () => mssqlPlugin({ pool: { max: 4 } }),
  // Text key columns are NVARCHAR(255): an index key holds at most 1700 bytes, so a key cannot be NVARCHAR(MAX).
  limits: { maxIndexedTextKeyLength: 255 },
  async open() {
    const server = await startServer()
    const driver = new MssqlDriver({
      connection: parseConnectionString(server.connectionString),
      pool: { max: 2, acquireTimeoutMillis: 15_000 },
    })
    const schema = `sluice_c_${randomBytes(6).toString('hex')}`
    try {
      await driver.execute({ sql: `CREATE SCHEMA [${schema}]`, parameters: [] })
    } catch (error) {
      await driver.destroy()
      await server.stop()
      throw createEngineUnavailableError(
        `SQL Server is not reachable (${configuredUrl === undefined ? 'testcontainers' : 'SLUICE_MSSQL_URL'}): ${String(error)}`,
        error,
      )
    }
    const fixture = createMssqlFixture((sql, parameters) => driver.execute({ sql, parameters }), { schema })
    return {
      source: { databaseType: 'mssql', connectionString: server.connectionString, schema },
      applyFixture: fixture.apply,
      reset: fixture.reset,
      async close() {
        try {
          await fixture.reset()
          await driver.execute({ sql: `DROP SCHEMA IF EXISTS [${schema}]`, parameters: [] })
        } finally {
          await driver.destroy()
          await server.stop()
        }
      },
    }
  },
}

if (dockerProblem !== undefined) {
  const reason = `SLUICE_MSSQL_URL is not set and no Docker engine is reachable for testcontainers (${dockerProblem})`
  describe.skip(`conformance: mssql — skipped: ${reason}`, () => {
    it('needs a SQL Server: set SLUICE_MSSQL_URL or start Docker', () => undefined)
  })
  console.warn(`[conformance] skipping mssql: ${reason}`)
} else {
  runConformanceSuite(engine)
}

/** Why testcontainers cannot reach a Docker engine (DOCKER_HOST or the default socket answering /_ping), or undefined. */
async function findDockerProblem(): Promise<string | undefined> {
  const host = process.env['DOCKER_HOST']
  if (host !== undefined && !host.startsWith('unix://')) return undefined // a TCP or SSH engine: let testcontainers try it
  const socketPath = host === undefined ? '/var/run/docker.sock' : host.slice('unix://'.length)
  return new Promise((resolve) => {
    const ping = request({ socketPath, path: '/_ping', timeout: 2000 }, (response) => {
      response.resume()
      resolve(
        response.statusCode === 200 ? undefined : `${socketPath} answered /_ping with ${String(response.statusCode)}`,
      )
    })
    ping.on('timeout', () => ping.destroy(new Error('timed out')))
    ping.on('error', (error) => resolve(`${socketPath}: ${error.message}`))
    ping.end()
  })
}
