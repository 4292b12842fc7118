import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { LOCK_FILE, lockDataFolder } from '../src/data-folder-lock.js'

// The lock that keeps a PGlite data folder to one process, against real processes: live ones hold it, dead ones
// (killed, exited) leave it to the next opener.
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const LOCK_MODULE = fileURLToPath(new URL('../src/data-folder-lock.ts', import.meta.url))

const folder = (): string => mkdtempSync(join(tmpdir(), 'sluice-lock-'))
const holderOf = (dir: string): unknown => JSON.parse(readFileSync(join(dir, LOCK_FILE), 'utf8')).pid

/** A process that runs until killed, and its exit. */
function sleeper(): { pid: number; kill: () => Promise<void> } {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 60_000)'], { stdio: 'ignore' })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return {
    pid: child.pid!,
    kill: async () => {
      child.kill('SIGKILL')
      await exited
    },
  }
}

const running: { kill: () => Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((p) => p.kill()))
})

describe('lockDataFolder', () => {
  it('writes our pid, is shared within the process, and is removed when the last holder releases', () => {
    const dir = folder()
    const first = lockDataFolder(dir)
    expect(holderOf(dir)).toBe(process.pid)
    // A hot reload boots a second driver on the folder before the first closes.
    const second = lockDataFolder(dir)
    first.release()
    first.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(true)
    second.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it('refuses a folder whose lock names a running process, naming the folder, the pid and the file', () => {
    const dir = folder()
    const other = sleeper()
    running.push(other)
    writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify({ pid: other.pid })}\n`)
    let error: unknown
    try {
      lockDataFolder(dir)
    } catch (e) {
      error = e
    }
    expect(error).toMatchObject({ code: 'SLUICE_ERR_DATA_FOLDER_IN_USE' })
    const message = (error as Error).message
    expect(message).toContain(dir)
    expect(message).toContain(`process ${other.pid}`)
    expect(message).toContain(join(dir, LOCK_FILE))
    expect(message).not.toContain('\n')
    expect(holderOf(dir)).toBe(other.pid)
  })

  it('takes over a lock whose process no longer runs', async () => {
    const dir = folder()
    const other = sleeper()
    writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify({ pid: other.pid })}\n`)
    await other.kill()
    const lock = lockDataFolder(dir)
    expect(holderOf(dir)).toBe(process.pid)
    lock.release()
  })

  it('takes over a lock naming this process that this process does not hold (a pid reused after a restart)', () => {
    const dir = folder()
    writeFileSync(join(dir, LOCK_FILE), `${JSON.stringify({ pid: process.pid, since: '2020-01-01' })}\n`)
    const lock = lockDataFolder(dir)
    expect(holderOf(dir)).toBe(process.pid)
    lock.release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it('takes over a lock file that names no process', () => {
    const dir = folder()
    writeFileSync(join(dir, LOCK_FILE), 'not json')
    lockDataFolder(dir).release()
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it('is removed when its process exits without releasing it, and refused to others while that process runs', async () => {
    const dir = folder()
    const script = `import { lockDataFolder } from ${JSON.stringify(LOCK_MODULE)}
lockDataFolder(${JSON.stringify(dir)})
process.stdout.write('locked\\n')
process.stdin.once('data', () => process.exit(0))`
    const child = spawn(
      process.execPath,
      ['--conditions=@sluice/source', '--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: ROOT, stdio: ['pipe', 'pipe', 'inherit'] },
    )
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
    expect(holderOf(dir)).toBe(child.pid)
    expect(() => lockDataFolder(dir)).toThrow(`in use by process ${child.pid}`)
    child.stdin.write('exit\n')
    expect(await exited).toBe(0)
    expect(existsSync(join(dir, LOCK_FILE))).toBe(false)
  })

  it('lets exactly one of several processes starting at once have the folder', async () => {
    const dir = folder()
    // Each holds what it got until told to exit, so no loser can find the winner gone and take over.
    const script = `import { lockDataFolder } from ${JSON.stringify(LOCK_MODULE)}
try { lockDataFolder(${JSON.stringify(dir)}); process.stdout.write('got') } catch { process.stdout.write('refused') }
process.stdin.once('data', () => process.exit(0))`
    const children = Array.from({ length: 4 }, () =>
      spawn(process.execPath, ['--conditions=@sluice/source', '--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    )
    const outcomes = await Promise.all(
      children.map(
        (child) => new Promise<string>((resolve) => child.stdout.once('data', (d: Buffer) => resolve(String(d)))),
      ),
    )
    const exits = children.map((child) => new Promise((resolve) => child.once('exit', resolve)))
    for (const child of children) child.stdin.write('exit\n')
    await Promise.all(exits)
    expect(outcomes.filter((o) => o === 'got')).toHaveLength(1)
    expect(outcomes.filter((o) => o === 'refused')).toHaveLength(3)
  })
})
