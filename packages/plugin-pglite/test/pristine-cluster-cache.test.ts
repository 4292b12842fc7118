import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { PGliteDriver } from '../src/pglite-driver.js'
import { PristineClusterCache } from '../src/pristine-cluster-cache.js'

const folder = mkdtempSync(join(tmpdir(), 'sluice-pglite-cache-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

/** An in-memory driver whose initialize step creates a table, as a seed script would. */
function seededDriver(cache: PristineClusterCache): PGliteDriver {
  return new PGliteDriver({
    dataDir: undefined,
    pristineCluster: cache,
    initialize: async (db) => {
      await db.exec('CREATE TABLE seeded (id int)')
    },
  })
}

async function tables(driver: PGliteDriver): Promise<string[]> {
  const result = await driver.execute<{ relname: string }>({
    sql: "SELECT relname FROM pg_class WHERE relname = 'seeded'",
    parameters: [],
  })
  return result.rows.map((r) => r.relname)
}

describe('an in-memory PGlite with a pristine cluster cache', () => {
  it('archives the cluster initdb made, before seeding, and starts the next database from it', async () => {
    const cache = PristineClusterCache.forInstalledPglite(folder)!
    expect(cache.file).toMatch(/pglite-\d+\.\d+\.\d+[^/]*-initdb\.tar\.gz$/)
    const first = seededDriver(cache)
    expect(await tables(first)).toEqual(['seeded'])
    await first.destroy()
    expect(statSync(cache.file).mode & 0o777).toBe(0o600)
    const archived = readFileSync(cache.file)

    // Started from the archive: the seed runs again on a cluster that does not have its table yet.
    const second = seededDriver(cache)
    expect(await tables(second)).toEqual(['seeded'])
    await second.destroy()
    expect(readFileSync(cache.file).equals(archived)).toBe(true)
  }, 60_000)

  it('discards an archive PGlite cannot start from and archives a new cluster', async () => {
    const cache = new PristineClusterCache(join(folder, 'broken'), 'test')
    cache.save(new TextEncoder().encode('not a tar archive'))
    expect(existsSync(cache.file)).toBe(true)
    const driver = seededDriver(cache)
    expect(await tables(driver)).toEqual(['seeded'])
    await driver.destroy()
    expect(statSync(cache.file).size).toBeGreaterThan(1_000_000)
  }, 60_000)

  it('starts without archiving when the folder cannot be written', async () => {
    const blocker = join(folder, 'blocker')
    writeFileSync(blocker, 'a file where the folder would be')
    const cache = new PristineClusterCache(join(blocker, 'cache'), 'test')
    const driver = seededDriver(cache)
    expect(await tables(driver)).toEqual(['seeded'])
    await driver.destroy()
    expect(cache.load()).toBeUndefined()
  }, 60_000)
})
