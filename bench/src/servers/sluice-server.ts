import { parseConfig } from '@sluice/core'
import { createServer, tuneV8ForServing } from '@sluice/server'
import { buildBenchSluiceConfig } from './build-bench-sluice-config.js'
import { closeOnSignals, readServerEnv } from './read-server-env.js'

// Sluice as a library, from its TypeScript sources (run with --conditions=@sluice/source --import tsx), logger off
// like the baselines, pool at its default size (10).
// As the `sluice` CLI does before booting.
tuneV8ForServing()
const { port, databaseUrl } = readServerEnv()
const config = parseConfig(buildBenchSluiceConfig(databaseUrl), { baseDir: process.cwd() })
const server = await createServer({ config, logger: false })
await server.listen(port, '127.0.0.1')
closeOnSignals(() => server.close())
