import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createServer as createNetServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const PACKAGE = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
const dir = mkdtempSync(join(tmpdir(), 'sluice-cli-'))

interface Run {
  code: number | null
  stdout: string
  stderr: string
}

function sluice(
  args: string[],
  options: {
    until?: (out: string) => boolean
    onReady?: (child: ReturnType<typeof spawn>, output: string) => void
  } = {},
): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=@sluice/source', '--import', 'tsx', CLI, ...args], {
      // run where tsx resolves; INIT_CWD is where the CLI looks for default config files (pnpm sets it)
      cwd: ROOT,
      env: { ...process.env, INIT_CWD: dir, PORT: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    let ready = false
    const check = (): void => {
      if (!ready && options.until?.(stdout + stderr)) {
        ready = true
        options.onReady?.(child, stdout + stderr)
      }
    }
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString()
      check()
    })
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString()
      check()
    })
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

function writeConfig(name: string, json: unknown): string {
  const file = join(dir, name)
  writeFileSync(file, JSON.stringify(json))
  return file
}

const items = (seed: string) => ({
  'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed } },
  runtime: { host: { mode: 'production' } },
  entities: { Item: { source: 'items', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
})

describe('the sluice CLI', () => {
  let blocker: Server
  let blockedPort: number
  beforeAll(async () => {
    // 100,000 rows (a page of every row takes a while), narrow ones: a 22 MB answer of 200,000 wide rows was cut off
    // after 311,744 bytes in two of three full runs on a slow, busy machine (never alone); see docs/reliability.md.
    writeFileSync(
      join(dir, 'big.sql'),
      "create table items(id int primary key, label text); insert into items select g, repeat('x', 20) from generate_series(1, 100000) g;",
    )
    writeFileSync(
      join(dir, 'small.sql'),
      "create table items(id int primary key, label text); insert into items values (1, 'one');",
    )
    blocker = createNetServer()
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', () => r()))
    blockedPort = (blocker.address() as { port: number }).port
  })
  afterAll(() => new Promise<void>((r) => blocker.close(() => r())))

  it('prints usage and version', async () => {
    expect((await sluice(['--help'])).stdout).toContain('sluice start [--config FILE]')
    expect((await sluice(['--version'])).stdout.trim()).toBe(PACKAGE.version)
    const unknown = await sluice(['serve'])
    expect(unknown.code).toBe(1)
    expect(unknown.stderr).toContain("sluice: unknown command 'serve'.")
  })

  it('names a missing config file in one line and exits 1', async () => {
    const run = await sluice(['start'])
    expect(run.code).toBe(1)
    expect(run.stderr.trim().split('\n')).toHaveLength(1)
    expect(run.stderr).toContain('No configuration file found: looked for dab-config.json and sluice.config.json')
  })

  it('reports an unreachable database in one line and exits 1', async () => {
    const file = writeConfig('unreachable.json', {
      'data-source': {
        'database-type': 'postgresql',
        'connection-string': 'postgresql://postgres:secret@127.0.0.1:1/test',
      },
      runtime: { limits: { 'startup-retry-seconds': 0 } },
      entities: { Item: { source: 'items', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    })
    const run = await sluice(['start', '--config', file, '--port', '0'])
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toMatch(
      /^sluice: Cannot connect to the PostgreSQL database: .*ECONNREFUSED 127\.0\.0\.1:1$/,
    )
    expect(run.stderr).not.toContain('secret')
  })

  it('lists every configuration problem and exits 1', async () => {
    const file = writeConfig('broken.json', {
      'data-source': { 'database-type': 'pglite' },
      runtime: { rest: { pth: '/x' } },
      entities: { A: {} },
    })
    const run = await sluice(['validate', '--config', file])
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(/The configuration has \d+ problem\(s\)/)
    expect(run.stderr).toContain("unknown key 'pth'")
    expect(run.stderr).toContain('entities.A')
  })

  it('reports a port that is already in use in one line and exits 1', async () => {
    const file = writeConfig('small.json', items('./small.sql'))
    const run = await sluice(['start', '--config', file, '--port', String(blockedPort)])
    expect(run.code).toBe(1)
    expect(run.stderr.trim()).toBe(`sluice: Cannot listen on 127.0.0.1:${blockedPort}: the port is already in use.`)
  })

  it('finishes an in-flight request on SIGTERM, then exits 0', async () => {
    const file = writeConfig('big.json', items('./big.sql'))
    let response: Promise<{ status: number; rows: number }> | undefined
    const run = await sluice(['start', '--config', file, '--port', '0'], {
      until: (out) => /listening on http:\/\/127\.0\.0\.1:\d+/.test(out),
      onReady: (child, output) => {
        // the address is in the start-up line; ask for every row (a slow request), then stop the server at once
        const port = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(output)?.[1]
        response = fetch(`http://127.0.0.1:${port}/api/Item?$first=-1`).then(async (r) => ({
          status: r.status,
          rows: ((await r.json()) as { value: unknown[] }).value.length,
        }))
        setTimeout(() => child.kill('SIGTERM'), 50)
      },
    })
    expect(run.code).toBe(0)
    expect(await response).toEqual({ status: 200, rows: 100000 })
  }, 60_000)
})
