import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { callOk } from './support/mcp-client.js'
import { spawnStdioClient } from './support/mcp-stdio-client.js'
import { runSluice, startSluice } from './support/run-sluice-cli.js'

// The library sample on a PGlite data folder, as `corepack pnpm start` serves it, and README's stdio command opening
// the same folder from a second process: the second fails at once, and every write either process confirmed is there
// after each restart, a crash included.
const require = createRequire(import.meta.url)
const dir = mkdtempSync(join(tmpdir(), 'sluice-data-folder-'))
const dataFolder = join(dir, 'data')
const lockFile = join(dataFolder, '.sluice-lock')

function writeSampleOnFolder(): string {
  const json = JSON.parse(readFileSync(require.resolve('@sluice/example-library/dab-config.json'), 'utf8'))
  json['data-source'] = {
    'database-type': 'pglite',
    'connection-string': './data',
    options: { seed: require.resolve('@sluice/example-library/library.sql') },
  }
  const file = join(dir, 'dab-config.json')
  writeFileSync(file, JSON.stringify(json))
  return file
}

async function createPublisher(url: string, name: string): Promise<void> {
  const response = await fetch(`${url}/api/Publisher`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ms-api-role': 'authenticated' },
    body: JSON.stringify({ name }),
  })
  expect(response.status, await response.text()).toBe(201)
}

async function publishersNamedWith(url: string, prefix: string): Promise<string[]> {
  const filter = encodeURIComponent(`startswith(name, '${prefix}')`)
  const response = await fetch(`${url}/api/Publisher?$filter=${filter}&$orderby=name`)
  expect(response.status).toBe(200)
  return ((await response.json()) as { value: { name: string }[] }).value.map((p) => p.name)
}

describe('a PGlite data folder is opened by one process at a time', () => {
  it('refuses a second process at once and loses no confirmed write across processes and restarts', async () => {
    const config = writeSampleOnFolder()
    const server = await startSluice(['--config', config], dir)
    await createPublisher(server.url, 'Over HTTP')
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(server.pid)

    // README's stdio command while the server runs: refused before it could confirm anything.
    const second = await runSluice(['start', '--config', config, '--mcp-stdio', 'role:authenticated'], dir)
    expect(second.code, second.stderr).not.toBe(0)
    const lines = second.stderr.split('\n').filter((l) => l.includes('in use'))
    expect(lines, second.stderr).toHaveLength(1)
    expect(lines[0]).toContain(`folder ${dataFolder} is in use by process ${server.pid}`)
    expect(lines[0]).toContain('Stop that process or send your requests to it')
    expect(second.stdout).toBe('')
    // So is any other opener (validate reads the folder too).
    const validate = await runSluice(['validate', '--config', config], dir)
    expect(validate.code).not.toBe(0)
    expect(validate.stderr).toContain(`in use by process ${server.pid}`)

    await server.stop()
    expect(existsSync(lockFile)).toBe(false)

    // Now the stdio server has the folder: it sees the HTTP write, and its own create is confirmed.
    const stdio = await spawnStdioClient(config, dir, 'authenticated')
    const seen = await callOk(stdio.client, 'read_records', { entity: 'Publisher', filter: "name eq 'Over HTTP'" })
    expect(seen.result.value).toHaveLength(1)
    await callOk(stdio.client, 'create_record', {
      entity: 'Publisher',
      data: { name: 'Over stdio' },
    })
    await stdio.client.close()

    const again = await startSluice(['--config', config], dir)
    expect(await publishersNamedWith(again.url, 'Over ')).toEqual(['Over HTTP', 'Over stdio'])
    await createPublisher(again.url, 'Over HTTP, before a crash')
    // Killed with no chance to clean up: the lock names a process that no longer runs, and the next start takes it.
    await again.stop('SIGKILL')
    expect(existsSync(lockFile)).toBe(true)

    const afterCrash = await startSluice(['--config', config], dir)
    expect(await publishersNamedWith(afterCrash.url, 'Over ')).toEqual([
      'Over HTTP',
      'Over HTTP, before a crash',
      'Over stdio',
    ])
    await afterCrash.stop()
  }, 600_000)
})
