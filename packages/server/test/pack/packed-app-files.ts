// The files pack-and-install.ts writes into the empty folder: a server composed from the packed packages (exactly
// 11 lines), its config and seed, and an engine module for sluice-conformance.

export const SERVER_MODULE = `import { loadConfigFile } from '@sluice/core'
import { createServer } from '@sluice/server'
import { pglitePlugin } from '@sluice/plugin-pglite'
import { restPlugin } from '@sluice/plugin-rest'

const config = loadConfigFile('dab-config.json')
const server = await createServer({ config, plugins: [pglitePlugin(), restPlugin()], logger: false })
const address = await server.listen(0, '127.0.0.1')
const reply = await fetch(\`\${address}/api/Book\`)
console.log(JSON.stringify({ status: reply.status, body: await reply.json() }))
await server.close()
`

export const SERVER_CONFIG = JSON.stringify(
  {
    'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: 'seed.sql' } },
    runtime: { rest: { enabled: true, path: '/api' }, host: { mode: 'development' } },
    entities: {
      Book: { source: { object: 'books', type: 'table' }, permissions: [{ role: 'anonymous', actions: ['read'] }] },
    },
  },
  null,
  2,
)

export const SEED_SQL =
  "CREATE TABLE books (id int PRIMARY KEY, title text NOT NULL);\nINSERT INTO books VALUES (1, 'Dune'), (2, 'Emma');\n"

export const ENGINE_MODULE = `import { pglitePlugin, PGliteDriver } from '@sluice/plugin-pglite'
import { createPostgresFamilyFixture } from '@sluice/conformance'

export default {
  name: 'pglite-packed',
  createPlugin: (session) => pglitePlugin({ db: session.db }),
  limits: { maxIndexedTextKeyLength: 2704 },
  async open() {
    let db
    const owner = new PGliteDriver({ dataDir: undefined, initialize: async (created) => { db = created } })
    await owner.init()
    const fixture = createPostgresFamilyFixture((sql, parameters) => db.query(sql, [...parameters]), { schema: 'public' })
    return { db, source: { databaseType: 'pglite', connectionString: '', schema: 'public' }, applyFixture: fixture.apply, reset: fixture.reset, close: () => owner.destroy() }
  },
}
`
