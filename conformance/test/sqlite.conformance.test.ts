import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { SqliteDriver, sqlitePlugin } from '@sluice/plugin-sqlite'
import { createSqliteFixture } from '../src/engines/sqlite-fixture.js'
import { runConformanceSuite, type ConformanceEngine } from '../src/index.js'

/**
 * SQLite: a database file in a fresh temporary folder per suite run, removed at close. The fixture writes through
 * its own connection; each server the suite starts opens the file from its connection string, as a user's would.
 */
const engine: ConformanceEngine = {
  name: 'sqlite',
  createPlugin: () => sqlitePlugin(),
  // SQLite can generate only the rowid, a single-column key (the fixture refuses a generated part of a composite key),
  // so the write scenarios generate a key only as a whole single-column key here.
  limits: { compositeGeneratedKeys: false },
  async open() {
    const folder = mkdtempSync(join(tmpdir(), 'sluice-c-sqlite-'))
    const file = join(folder, 'conformance.db')
    const owner = new SqliteDriver({ filename: file })
    await owner.init()
    const fixture = createSqliteFixture((sql, parameters) => owner.execute({ sql, parameters }))
    return {
      source: { databaseType: 'sqlite', connectionString: `Data Source=${file}`, schema: 'main' },
      applyFixture: fixture.apply,
      reset: fixture.reset,
      async close() {
        await owner.destroy()
        rmSync(folder, { recursive: true, force: true })
      },
    }
  },
}

runConformanceSuite(engine)
