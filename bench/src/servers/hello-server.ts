import Fastify from 'fastify'
import { closeOnSignals, readServerEnv } from './read-server-env.js'

// Baseline (a): one fastify route returning a constant object, no database, logger off. The HTTP ceiling.
const { port } = readServerEnv()
const app = Fastify({ logger: false })
app.get('/', async () => ({ hello: 'world' }))
await app.listen({ port, host: '127.0.0.1' })
closeOnSignals(() => app.close())
