import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { callError, callOk } from './support/mcp-client.js'
import { spawnStdioClient, type StdioClient } from './support/mcp-stdio-client.js'

// `sluice start --mcp-stdio [role:NAME]` spawned as a real process on the PGlite library sample, driven by the SDK's
// stdio client: JSON-RPC on stdout only (logs on stderr), every call as the given role, same permissions as REST.
const require = createRequire(import.meta.url)
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'sluice-mcp-stdio-'))

function writeLibraryConfig(): string {
  const json = JSON.parse(readFileSync(require.resolve('@sluice/example-library/dab-config.json'), 'utf8'))
  json['data-source'] = {
    'database-type': 'pglite',
    'connection-string': '',
    options: { seed: require.resolve('@sluice/example-library/library.sql') },
  }
  json.runtime.telemetry = { 'log-level': { default: 'information' } }
  json.entities.Book.permissions.push({
    role: 'reader',
    actions: [
      { action: 'read', policy: { database: '@item.pages gt 400' }, fields: { include: ['*'], exclude: ['price'] } },
    ],
  })
  const file = join(dir, 'dab-config.json')
  writeFileSync(file, JSON.stringify(json))
  return file
}

describe('MCP over stdio (sluice start --mcp-stdio)', () => {
  let config: string
  let anonymous: StdioClient
  let reader: StdioClient
  beforeAll(async () => {
    config = writeLibraryConfig()
    ;[anonymous, reader] = await Promise.all([spawnStdioClient(config, dir), spawnStdioClient(config, dir, 'reader')])
  }, 300_000)
  afterAll(async () => {
    await anonymous?.client.close()
    await reader?.client.close()
  })

  it('answers initialize and tools/list; logs go to stderr, stdout carries only JSON-RPC', async () => {
    expect(anonymous.client.getServerVersion()?.name).toBe('SQL MCP Server')
    const { tools } = await anonymous.client.listTools()
    const names = tools.map((t) => t.name)
    for (const name of [
      'describe_entities',
      'read_records',
      'create_record',
      'update_record',
      'delete_record',
      'execute_entity',
      'aggregate_records',
    ]) {
      expect(names).toContain(name)
    }
    // The start-up line is logged once the boot finishes, which tools/list waited for.
    await expect.poll(() => anonymous.stderr()).toContain('serves MCP on stdio as role anonymous')
    expect(anonymous.stderr()).not.toContain('transport errors')
  })

  it('without a role every call is anonymous: no loans, no email, no writes', async () => {
    const described = await callOk(anonymous.client, 'describe_entities')
    expect(described.entities.map((e: any) => e.name)).not.toContain('Loan')
    const authors = await callOk(anonymous.client, 'read_records', { entity: 'Author', first: 5 })
    expect(authors.result.value).toHaveLength(5)
    for (const row of authors.result.value) expect(row).not.toHaveProperty('email')
    expect((await callError(anonymous.client, 'read_records', { entity: 'Loan' })).type).toBe('PermissionDenied')
    const create = await callError(anonymous.client, 'create_record', { entity: 'Publisher', data: { name: 'Nope' } })
    expect(create).toMatchObject({ type: 'PermissionDenied', status: 403 })
    const executed = await callOk(anonymous.client, 'execute_entity', {
      entity: 'BooksByPublisher',
      parameters: { publisher: 2 },
    })
    expect(executed.value.length).toBeGreaterThan(0)
    expect(
      (await callError(anonymous.client, 'execute_entity', { entity: 'ReturnLoan', parameters: { loan_id: 1 } })).type,
    ).toBe('PermissionDenied')
  })

  it('role:NAME acts as that role: its row policy and field access apply, its missing actions are refused', async () => {
    const books = await callOk(reader.client, 'read_records', { entity: 'Book', first: -1 })
    expect(books.result.value.length).toBeGreaterThan(0)
    for (const row of books.result.value) {
      expect(row.pages).toBeGreaterThan(400)
      expect(row).not.toHaveProperty('price')
    }
    expect(
      (await callError(reader.client, 'create_record', { entity: 'Book', data: { title: 'X', publisher_id: 5001 } }))
        .type,
    ).toBe('PermissionDenied')
    // reader is not configured on Publisher, so it inherits authenticated's permissions there (DAB 2.x), writes included.
    const created = await callOk(reader.client, 'create_record', { entity: 'Publisher', data: { name: 'Stdio Books' } })
    const id = created.result.value[0].id
    const updated = await callOk(reader.client, 'update_record', {
      entity: 'Publisher',
      keys: { id },
      fields: { country: 'SE' },
    })
    expect(updated.result.value[0]).toMatchObject({ id, name: 'Stdio Books', country: 'SE' })
    await callOk(reader.client, 'delete_record', { entity: 'Publisher', keys: { id } })
    // Aggregates see the same rows as reads: the row policy applies.
    const count = await callOk(reader.client, 'aggregate_records', { entity: 'Book', function: 'count' })
    expect(count.result).toEqual([{ count: books.result.value.length }])
    await expect.poll(() => reader.stderr()).toContain('serves MCP on stdio as role reader')
  })
})

describe('sluice start --mcp-stdio usage errors', () => {
  function run(args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
    return new Promise((resolve) => {
      const child = spawn(process.execPath, ['--conditions=@sluice/source', '--import', 'tsx', CLI, 'start', ...args], {
        cwd: ROOT,
        env: { ...process.env, INIT_CWD: dir },
        stdio: ['pipe', 'pipe', 'pipe'],
      })
      let stdout = ''
      let stderr = ''
      child.stdout.on('data', (d: Buffer) => {
        stdout += d.toString()
      })
      child.stderr.on('data', (d: Buffer) => {
        stderr += d.toString()
      })
      child.on('exit', (status) => resolve({ status, stdout, stderr }))
      child.stdin.end()
    })
  }

  it('refuses HTTP options, a malformed role and a config with MCP disabled, on stderr only', async () => {
    const config = writeLibraryConfig()
    const json = JSON.parse(readFileSync(config, 'utf8'))
    json.runtime.mcp = { enabled: false }
    const disabled = join(dir, 'mcp-disabled.json')
    writeFileSync(disabled, JSON.stringify(json))
    const [port, role, empty, off] = await Promise.all([
      run(['--config', config, '--mcp-stdio', '--port', '5000']),
      run(['--config', config, '--mcp-stdio', 'editor']),
      run(['--config', config, '--mcp-stdio', 'role:']),
      run(['--config', disabled, '--mcp-stdio']),
    ])
    expect(port.status).toBe(1)
    expect(port.stderr).toContain('--mcp-stdio serves MCP on stdin/stdout only')
    expect(role.status).toBe(1)
    expect(role.stderr).toContain("unexpected argument 'editor'")
    expect(empty.stderr).toContain('--mcp-stdio expects role:NAME')
    expect(off.status).toBe(1)
    expect(off.stderr).toContain('MCP is disabled in the configuration')
    for (const result of [port, role, empty, off]) expect(result.stdout).toBe('')
  }, 180_000)
})
