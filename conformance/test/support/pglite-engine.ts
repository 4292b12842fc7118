// PGlite in memory as an engine module, in the form `sluice-conformance --engine` takes: a new instance per suite run,
// created by a PGliteDriver that owns (and closes) it. pglite.conformance.test.ts runs the suite on it, and the CLI's
// own test passes it to the command.
import { pglitePlugin, PGliteDriver, type PGliteLike } from '@sluice/plugin-pglite'
import { createPostgresFamilyFixture, type ConformanceEngine, type EngineSession } from '../../src/index.js'

interface PGliteSession extends EngineSession {
  readonly db: PGliteLike
}

const engine: ConformanceEngine<PGliteSession> = {
  name: 'pglite',
  createPlugin: (session) => pglitePlugin({ db: session.db }),
  // A B-tree entry holds at most 2704 bytes: a longer (incompressible) text key cannot be indexed.
  limits: { maxIndexedTextKeyLength: 2704 },
  async open() {
    let db: PGliteLike | undefined
    const owner = new PGliteDriver({
      dataDir: undefined,
      initialize: async (created) => {
        db = created
      },
    })
    await owner.init()
    const fixture = createPostgresFamilyFixture((sql, parameters) => db!.query(sql, [...parameters]), {
      schema: 'public',
    })
    return {
      db: db!,
      source: { databaseType: 'pglite', connectionString: '', schema: 'public' },
      applyFixture: fixture.apply,
      reset: fixture.reset,
      close: () => owner.destroy(),
    }
  },
}

export default engine
