import { performance } from 'node:perf_hooks'
import { parseConfig } from '@sluice/core'
import { createServer } from '@sluice/server'
import { buildWideConfig } from './load-wide-schema.js'

// One start-up of Sluice on the 500-table config, in a fresh process: prints one JSON line with the time from
// parsing the config to a listening server (config checks, catalog introspection, the service model, every
// protocol's schema and routes), and the process uptime at that point.
const databaseUrl = process.env['SLUICE_BENCH_DATABASE_URL']
if (databaseUrl === undefined) throw new Error('SLUICE_BENCH_DATABASE_URL is required')
const started = performance.now()
const config = parseConfig(buildWideConfig(databaseUrl), { baseDir: process.cwd() })
const server = await createServer({ config, logger: false })
await server.listen(0, '127.0.0.1')
const startupMs = performance.now() - started
const uptimeMs = process.uptime() * 1000
await server.close()
process.stdout.write(
  `${JSON.stringify({ startupMs, uptimeMs, entities: server.sluice.model.entities.size, rssMb: process.memoryUsage().rss / 2 ** 20 })}\n`,
)
