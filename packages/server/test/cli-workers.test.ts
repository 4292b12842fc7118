import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const URL_ = process.env['SLUICE_PG_URL'] ?? 'postgresql://postgres@127.0.0.1:5432/test'
const dir = mkdtempSync(join(tmpdir(), 'sluice-workers-'))
const schema = `sluice_w_${randomBytes(5).toString('hex')}`

interface Run {
  code: number | null
  output: string
}

/** Runs the CLI; `onOutput` sees the combined output as it grows and may act on the process. */
function sluice(args: string[], onOutput?: (output: string, child: ChildProcess) => void): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=@sluice/source', '--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, INIT_CWD: dir, PORT: '', SLUICE_LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let output = ''
    const seen = (d: Buffer): void => {
      output += d.toString()
      onOutput?.(output, child)
    }
    child.stdout!.on('data', seen)
    child.stderr!.on('data', seen)
    child.on('exit', (code) => resolve({ code, output }))
  })
}

function writeConfig(name: string, json: unknown): string {
  const file = join(dir, name)
  writeFileSync(file, JSON.stringify(json))
  return file
}

const pool = new pg.Pool({ connectionString: URL_, max: 1 })

describe('sluice start --workers', () => {
  beforeAll(async () => {
    await pool.query(`CREATE SCHEMA "${schema}"; CREATE TABLE "${schema}".items (id int PRIMARY KEY, label text);
      INSERT INTO "${schema}".items SELECT g, 'item ' || g FROM generate_series(1, 50) g`)
  })
  afterAll(async () => {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).finally(() => pool.end())
  })

  it('serves from two processes on one port and stops them all on SIGTERM', async () => {
    const file = writeConfig('pg.json', {
      'data-source': { 'database-type': 'postgresql', 'connection-string': URL_ },
      runtime: { host: { mode: 'production' } },
      entities: { Item: { source: `${schema}.items`, permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    })
    let answers: Promise<number[]> | undefined
    const run = await sluice(['start', '--config', file, '--port', '0', '--workers', '2'], (output, child) => {
      if (answers !== undefined || !output.includes('2 workers are serving')) return
      const port = /worker \d+ is listening on port (\d+)/.exec(output)?.[1]
      answers = Promise.all(
        Array.from({ length: 8 }, () =>
          fetch(`http://127.0.0.1:${port}/api/Item/id/7`).then(async (r) => {
            const body = (await r.json()) as { value: { label: string }[] }
            expect(body.value[0]?.label).toBe('item 7')
            return r.status
          }),
        ),
      ).finally(() => child.kill('SIGTERM'))
    })
    expect(answers, run.output).toBeDefined()
    expect(await answers).toEqual(Array(8).fill(200))
    const pids = new Set([...run.output.matchAll(/worker (\d+) is listening/g)].map((m) => m[1]))
    expect(pids.size).toBe(2)
    expect(run.code, run.output).toBe(0)
  }, 60_000)

  it('refuses PGlite, whose database lives inside one process', async () => {
    const file = writeConfig('pglite.json', {
      'data-source': { 'database-type': 'pglite', 'connection-string': '' },
      entities: { Item: { source: 'items', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    })
    const run = await sluice(['start', '--config', file, '--workers', '2'])
    expect(run.code).toBe(1)
    expect(run.output).toContain('--workers needs a database server')
  }, 30_000)

  it('refuses a worker count that is not a positive number', async () => {
    const file = writeConfig('pg-bad.json', {
      'data-source': { 'database-type': 'postgresql', 'connection-string': URL_ },
      entities: { Item: { source: `${schema}.items`, permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    })
    const run = await sluice(['start', '--config', file, '--workers', '0'])
    expect(run.code).toBe(1)
    expect(run.output).toContain("invalid --workers '0'")
  }, 30_000)

  it('stops every worker and exits 1 when the workers cannot start', async () => {
    const file = writeConfig('pg-missing.json', {
      'data-source': { 'database-type': 'postgresql', 'connection-string': URL_ },
      entities: { Item: { source: `${schema}.nothing_here`, permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    })
    const run = await sluice(['start', '--config', file, '--port', '0', '--workers', '2'])
    expect(run.code).toBe(1)
    expect(run.output).toContain('before it could serve; stopping')
  }, 60_000)
})
