import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SluiceError, type Logger } from '@sluice/core/dialect'
import type { PGliteLike } from './pglite-driver-config.js'

const MARKER = '.sluice-seeded'

/**
 * Runs the seed script once for a data folder: when the folder has no marker yet (a new folder, or one whose
 * earlier seeding failed and was rolled back), the script runs as one transaction and the marker is written.
 * In-memory databases are seeded on every start. The database it has just filled is then analyzed once: PGlite
 * runs no autovacuum, and without statistics every read's cost would be estimated from page sizes alone. A
 * database Sluice did not seed is never analyzed here.
 */
export async function seedPGliteOnce(
  db: PGliteLike,
  dataDir: string | undefined,
  seedFile: string,
  log: Logger,
): Promise<void> {
  if (dataDir !== undefined && existsSync(join(dataDir, MARKER))) return
  let sql: string
  try {
    sql = readFileSync(seedFile, 'utf8')
  } catch (error) {
    throw new SluiceError('SLUICE_ERR_DATABASE_CONNECT', {
      engine: 'PGlite',
      detail: `cannot read the seed script ${seedFile}: ${(error as Error).message}`,
    })
  }
  try {
    await db.transaction(async (tx) => {
      await tx.exec(sql)
    })
  } catch (error) {
    const message = (error as Error).message.split('\n', 1)[0]
    throw new SluiceError('SLUICE_ERR_DATABASE_CONNECT', {
      engine: 'PGlite',
      detail: `the seed script ${seedFile} failed: ${message}`,
    })
  }
  try {
    await db.exec('ANALYZE')
  } catch (error) {
    log.warn(
      `could not analyze the seeded embedded database (read costs are estimated from page sizes): ${(error as Error).message.split('\n', 1)[0]}`,
    )
  }
  if (dataDir !== undefined)
    writeFileSync(join(dataDir, MARKER), `seeded from ${seedFile} at ${new Date().toISOString()}\n`)
  log.info(
    `created the embedded database${dataDir === undefined ? ' in memory' : ` in ${dataDir}`} and ran ${seedFile}`,
  )
}
