// An engine module as `sluice-conformance --engine` takes it (PGlite in memory), for the CLI's own test.
import { pglitePlugin, PGliteDriver, type PGliteLike } from '@sluice/plugin-pglite'
import { createPostgresFamilyFixture, type ConformanceEngine, type EngineSession } from '../../src/index.js'

interface PGliteSession extends EngineSession {
  readonly db: PGliteLike
}

const engine: ConformanceEngine<PGliteSession> = {
  name: 'pglite',
  createPlugin: (session) => pglitePlugin({ db: session.db }),
  limits: { maxIndexedTextKeyLength: 2704 },
  async open() {
    let db: PGliteLike | undefined
    const owner = new PGliteDriver({ dataDir: undefined, initialize: async (created) => { db = created } })
    await owner.init()
    const fixture = createPostgresFamilyFixture((sql, parameters) => db!.query(sql, [...parameters]), { schema: 'public' })
    return { db: db!, source: { databaseType: 'pglite', connectionString: '', schema: 'public' }, applyFixture: fixture.apply, reset: fixture.reset, close: () => owner.destroy() }
  },
}

export default engine
