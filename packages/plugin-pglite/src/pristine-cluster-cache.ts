import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/**
 * A PGlite cluster as `initdb` leaves it, kept as a gzipped archive (about 4.5 MB) in a folder of the user's. An
 * in-memory PGlite runs `initdb` on every start (2.6 s here); one started from the archive skips it (0.8 s). The
 * archive's name carries PGlite's version, as its files belong to that build of PostgreSQL. It is written once,
 * atomically (a temporary file renamed), so a crash or a concurrent start never leaves half an archive.
 */
export class PristineClusterCache {
  readonly #file: string

  constructor(folder: string, pgliteVersion: string) {
    this.#file = join(folder, `pglite-${pgliteVersion}-initdb.tar.gz`)
  }

  /** A cache in `folder` for the installed PGlite; undefined when its version cannot be read (no archive is safe then). */
  static forInstalledPglite(folder: string): PristineClusterCache | undefined {
    return PGLITE_VERSION === undefined ? undefined : new PristineClusterCache(folder, PGLITE_VERSION)
  }

  get file(): string {
    return this.#file
  }

  /** The archive, or undefined when there is none yet (or it cannot be read). */
  load(): Blob | undefined {
    try {
      return new Blob([readFileSync(this.#file)])
    } catch {
      return undefined
    }
  }

  /** Keeps `archive`; a folder that cannot be written only means the next start runs initdb again. */
  save(archive: Uint8Array): void {
    const temporary = `${this.#file}.${process.pid}.${Date.now()}.tmp`
    try {
      // Private to the user: a start loads whatever cluster it finds here.
      mkdirSync(dirname(this.#file), { recursive: true, mode: 0o700 })
      writeFileSync(temporary, archive, { mode: 0o600 })
      renameSync(temporary, this.#file)
    } catch {
      removeQuietly(temporary)
    }
  }

  /** Removes an archive PGlite could not start from, so the next start makes a new one. */
  discard(): void {
    removeQuietly(this.#file)
  }
}

function removeQuietly(file: string): void {
  try {
    rmSync(file, { force: true })
  } catch {
    /* a folder that cannot be written holds nothing of ours */
  }
}

/** The installed PGlite's version, read from its package.json (its `exports` do not list that file). */
const PGLITE_VERSION = readPgliteVersion()

function readPgliteVersion(): string | undefined {
  const require = createRequire(import.meta.url)
  let folder = dirname(require.resolve('@electric-sql/pglite'))
  for (;;) {
    try {
      const manifest = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as {
        name?: string
        version?: string
      }
      if (manifest.name === '@electric-sql/pglite' && typeof manifest.version === 'string') return manifest.version
    } catch {
      /* not this folder */
    }
    const parent = dirname(folder)
    if (parent === folder) return undefined
    folder = parent
  }
}
