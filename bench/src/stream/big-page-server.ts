import { parseConfig } from '@sluice/core'
import { createServer } from '@sluice/server'
import { closeOnSignals, readServerEnv } from '../servers/read-server-env.js'
import { buildBigConfig } from './load-big-table.js'

// Sluice on the big table only (the large-page measurement), logger off.
const { port, databaseUrl } = readServerEnv()
const config = parseConfig(buildBigConfig(databaseUrl), { baseDir: process.cwd() })
const server = await createServer({ config, logger: false })
await server.listen(port, '127.0.0.1')
closeOnSignals(() => server.close())
