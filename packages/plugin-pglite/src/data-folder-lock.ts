import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SluiceError } from '@sluice/core/dialect'

/** The lock's file, inside the data folder (PGlite ignores files it does not know, as it does the seed marker). */
export const LOCK_FILE = '.sluice-lock'

/** Held locks by file: a hot reload boots a second driver on the same folder in this process before the first closes. */
const held = new Map<string, { readonly text: string; count: number }>()
let exitHookInstalled = false

export interface DataFolderLock {
  /** Gives the lock back (once per `lockDataFolder` call); the file goes when the last holder in the process lets go. */
  release(): void
}

/**
 * Takes the data folder for this process, or throws SLUICE_ERR_DATA_FOLDER_IN_USE naming the process that has it.
 * PGlite keeps the database in its own memory and writes the folder back as it pleases: two processes on one folder
 * never see each other's writes, and whichever writes last wins, so a write the other confirmed is lost. The lock is
 * a file created exclusively (atomically, by hard-linking a file already holding our pid), so of two processes
 * starting together exactly one gets it. A file whose process no longer runs (killed, crashed) is stale and taken
 * over. The file is removed on release, and at process exit for holders that never released.
 */
export function lockDataFolder(folder: string): DataFolderLock {
  const file = join(folder, LOCK_FILE)
  const mine = held.get(file)
  if (mine !== undefined) {
    mine.count++
    return releaserFor(file)
  }
  const text = `${JSON.stringify({ pid: process.pid, since: new Date().toISOString() })}\n`
  // A few rounds: each lost race or stale file removed sends us round again; a live holder ends it at once.
  for (let round = 0; round < 5; round++) {
    if (tryCreate(file, text)) {
      held.set(file, { text, count: 1 })
      installExitHook()
      return releaserFor(file)
    }
    const found = readText(file)
    if (found === undefined) continue // released meanwhile
    const pid = readPid(found)
    if (pid !== undefined && pid !== process.pid && isRunning(pid)) throw inUse(folder, file, String(pid))
    removeIfStill(file, found)
  }
  throw inUse(folder, file, 'unknown')
}

function releaserFor(file: string): DataFolderLock {
  let released = false
  return {
    release() {
      if (released) return
      released = true
      const mine = held.get(file)
      if (mine === undefined || --mine.count > 0) return
      held.delete(file)
      removeIfStill(file, mine.text)
    },
  }
}

/** Creates `file` holding `text` unless it exists: the text is written first, then linked into place in one step. */
function tryCreate(file: string, text: string): boolean {
  const draft = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`
  writeFileSync(draft, text)
  try {
    linkSync(draft, file)
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  } finally {
    unlinkSync(draft)
  }
}

/**
 * Removes `file` if it still holds `text`. It is first renamed aside (one step), so a racer's fresh lock created
 * after we read the stale one is never deleted unseen: what was moved is checked, and a fresh lock is put back.
 */
function removeIfStill(file: string, text: string): void {
  const aside = `${file}.stale.${process.pid}`
  try {
    renameSync(file, aside)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return
    throw error
  }
  if (readText(aside) !== text) {
    try {
      linkSync(aside, file)
    } catch {
      /* a third process took the folder meanwhile: its lock stands */
    }
  }
  unlinkSync(aside)
}

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
}

function readPid(text: string): number | undefined {
  try {
    const pid = (JSON.parse(text) as { pid?: unknown }).pid
    return typeof pid === 'number' && Number.isInteger(pid) && pid > 0 ? pid : undefined
  } catch {
    return undefined // not ours, or cut short by a crash: nothing holds it
  }
}

/** Whether a process with this pid runs (EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function inUse(folder: string, file: string, pid: string): SluiceError {
  const advice =
    'only one process may open it at a time. Stop that process or send your requests to it (sluice start serves MCP ' +
    `over HTTP at /mcp too); if process ${pid} is not Sluice, delete ${file}.`
  return new SluiceError('SLUICE_ERR_DATA_FOLDER_IN_USE', { folder, pid, advice })
}

/** A process that ends without closing its drivers (process.exit, an unhandled error) still leaves no lock behind. */
function installExitHook(): void {
  if (exitHookInstalled) return
  exitHookInstalled = true
  process.on('exit', () => {
    for (const [file, { text }] of held) {
      try {
        removeIfStill(file, text)
      } catch {
        /* the next opener finds the pid gone and takes the folder */
      }
    }
    held.clear()
  })
}
