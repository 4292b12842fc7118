import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

const CLI = fileURLToPath(new URL('../../src/cli.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../../..', import.meta.url))

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/**
 * Runs the real `sluice` CLI as a user would in `cwd` (pnpm's INIT_CWD), with `env` added to this process's
 * environment (an `undefined` value removes a variable). DAB_ENVIRONMENT, ASPNETCORE_ENVIRONMENT and PORT are cleared
 * unless given.
 */
export function runSluice(
  args: readonly string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
): Promise<CliRun> {
  return new Promise((resolve) => {
    const child = spawnSluice(args, cwd, env)
    let stdout = ''
    let stderr = ''
    child.stdout!.on('data', (d: Buffer) => {
      stdout += d.toString()
    })
    child.stderr!.on('data', (d: Buffer) => {
      stderr += d.toString()
    })
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

/**
 * `sluice start --port 0 …` until it listens; `url` is its address, `pid` its process, `stop()` sends SIGTERM (or the
 * signal given: SIGKILL for a crash) and waits for the exit.
 */
export async function startSluice(
  args: readonly string[],
  cwd: string,
  env: Record<string, string | undefined> = {},
): Promise<{ url: string; pid: number; output: () => string; stop: (signal?: NodeJS.Signals) => Promise<void> }> {
  const child = spawnSluice(['start', '--port', '0', ...args], cwd, env)
  let output = ''
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()))
  const url = await new Promise<string>((resolve, reject) => {
    const seen = (d: Buffer): void => {
      output += d.toString()
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)
      if (match !== null) resolve(match[1]!)
    }
    child.stdout!.on('data', seen)
    child.stderr!.on('data', seen)
    child.on('exit', (code) => reject(new Error(`sluice start exited with ${String(code)}:\n${output}`)))
  })
  return {
    url,
    pid: child.pid!,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal)
      await exited
    },
  }
}

function spawnSluice(args: readonly string[], cwd: string, env: Record<string, string | undefined>): ChildProcess {
  const merged: Record<string, string | undefined> = {
    ...process.env,
    DAB_ENVIRONMENT: undefined,
    ASPNETCORE_ENVIRONMENT: undefined,
    PORT: '',
    INIT_CWD: cwd,
    ...env,
  }
  for (const [name, value] of Object.entries(merged)) if (value === undefined) delete merged[name]
  return spawn(process.execPath, ['--conditions=@sluice/source', '--import', 'tsx', CLI, ...args], {
    cwd: ROOT,
    env: merged,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
}

export const POSTGRES_URL = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'

/**
 * A fresh PostgreSQL database with `sql` run in it, for one test file, dropped by `drop()`. Resolves `unavailable`
 * (a reason to skip) when the server cannot be reached — except with CI=true, where that rejects, failing the tests.
 */
export async function createTestDatabase(
  prefix: string,
  sql: string,
): Promise<{ url: string; drop: () => Promise<void> } | { unavailable: string }> {
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 5_000 })
  const name = `${prefix}_${randomBytes(5).toString('hex')}`
  try {
    await admin.connect()
    await admin.query(`CREATE DATABASE "${name}"`)
  } catch (error) {
    await admin.end().catch(() => undefined)
    if (process.env['CI'] === 'true') throw error
    return { unavailable: `PostgreSQL unreachable at ${POSTGRES_URL}: ${String(error)}` }
  }
  const target = new URL(POSTGRES_URL)
  target.pathname = `/${name}`
  const client = new pg.Client({ connectionString: target.toString() })
  await client.connect()
  await client.query(sql)
  await client.end()
  return {
    url: target.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      await admin.end()
    },
  }
}
