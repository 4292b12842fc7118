import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, runSluice, startSluice } from './support/run-sluice-cli.js'

/**
 * Data API builder's environment handling through the real CLI: the working directory's `.env` is loaded first and
 * overrides variables already set, and `DAB_ENVIRONMENT` (here set by `.env`) layers `dab-config.{env}.json` over
 * `dab-config.json`. Uses a PostgreSQL database of our own; skips when unreachable, except under CI=true.
 */
const dir = mkdtempSync(join(tmpdir(), 'sluice-cli-environment-'))
let database: Awaited<ReturnType<typeof createTestDatabase>>
let unavailable: string | undefined

beforeAll(async () => {
  database = await createTestDatabase(
    'sluice_cli_env',
    `CREATE TABLE items (id int PRIMARY KEY, label text); INSERT INTO items VALUES (1, 'one');`,
  )
  if ('unavailable' in database) {
    unavailable = database.unavailable
    return
  }
  for (const args of [
    ['init', '--database-type', 'postgresql', '--connection-string', "@env('CATALOGUE_DB')"],
    ['add', 'Item', '-s', 'items', '--permissions', 'anonymous:read'],
  ]) {
    const run = await runSluice(args, dir)
    if (run.code !== 0) throw new Error(run.stdout + run.stderr)
  }
  writeFileSync(
    join(dir, 'dab-config.dev.json'),
    JSON.stringify({
      runtime: { rest: { path: '/dev-api' }, host: { mode: null } },
      entities: { Item: { rest: { path: '/things' } } },
    }),
  )
  writeFileSync(join(dir, '.env'), `DAB_ENVIRONMENT=dev\nCATALOGUE_DB=${database.url}\n`)
})
afterAll(async () => {
  if (database !== undefined && !('unavailable' in database)) await database.drop()
})

describe('DAB_ENVIRONMENT and .env', () => {
  it('validate merges dab-config.dev.json over dab-config.json, with .env overriding a variable already set', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const run = await runSluice(['validate'], dir, { CATALOGUE_DB: 'postgresql://nobody@127.0.0.1:1/nothing' })
    expect(run.stderr).not.toContain('Cannot connect')
    expect(run.stdout.trim()).toBe(
      `${join(dir, 'dab-config.json')} merged with ${join(dir, 'dab-config.dev.json')} is valid: 1 entities match the database.`,
    )
  })

  it('start serves the merged config', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const server = await startSluice([], dir, { CATALOGUE_DB: 'postgresql://nobody@127.0.0.1:1/nothing' })
    try {
      expect(server.output()).toContain(`merged with ${join(dir, 'dab-config.dev.json')} (DAB_ENVIRONMENT)`)
      const response = await fetch(`${server.url}/dev-api/things`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ value: [{ id: 1, label: 'one' }] })
      expect((await fetch(`${server.url}/api/Item`)).status).toBe(404)
    } finally {
      await server.stop()
    }
  })

  it('--config takes the file as given, without layering', async (context) => {
    if (unavailable !== undefined) context.skip(unavailable)
    const run = await runSluice(['validate', '-c', 'dab-config.json'], dir)
    expect(run.stdout.trim()).toBe(`${join(dir, 'dab-config.json')} is valid: 1 entities match the database.`)
    expect(JSON.parse(readFileSync(join(dir, 'dab-config.json'), 'utf8')).runtime.rest.path).toBe('/api')
  })
})
