import { spawn } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const dir = mkdtempSync(join(tmpdir(), 'sluice-validate-'))

function sluice(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--conditions=@sluice/source', '--import', 'tsx', CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, INIT_CWD: dir },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString()
    })
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString()
    })
    child.on('exit', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('sluice validate', () => {
  it("prints the warnings start-up would log about the model, not only the config's", async () => {
    writeFileSync(join(dir, 'seed.sql'), 'create table fungi (speciesid int primary key, region text, habitat text);')
    const file = join(dir, 'dab-config.json')
    writeFileSync(
      file,
      JSON.stringify({
        'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: './seed.sql' } },
        entities: {
          Fungus: {
            source: { object: 'fungi', type: 'table' },
            // `spores` is no column of fungi; `@item ne 1` parses only per request in Data API builder.
            fields: [{ name: 'spores', alias: 'hazards' }],
            permissions: [{ role: 'anonymous', actions: [{ action: 'read', policy: { database: '@item ne 1' } }] }],
          },
        },
      }),
    )
    const run = await sluice(['validate', '--config', file])
    expect(run.code, run.stderr).toBe(0)
    const warnings = run.stderr.split('\n').filter((line) => line.startsWith('warning: '))
    expect(warnings.some((w) => w.includes('Fungus') && w.includes('spores'))).toBe(true)
    expect(warnings.some((w) => w.includes('Fungus') && w.includes('@item ne 1'))).toBe(true)
    expect(run.stdout).toContain('is valid: 1 entities match the database.')
  }, 60_000)

  it('reports what autoentities generate from the database, and warns about a definition that generates nothing', async () => {
    const sub = mkdtempSync(join(dir, 'auto-'))
    writeFileSync(
      join(sub, 'seed.sql'),
      'create table fungi (speciesid int primary key); create table "Spore Prints" (id int primary key); create table notes (body text);',
    )
    const file = join(sub, 'dab-config.json')
    writeFileSync(
      file,
      JSON.stringify({
        'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: './seed.sql' } },
        autoentities: {
          all: { patterns: { include: ['public.%'] }, permissions: [{ role: 'anonymous', actions: ['read'] }] },
          none: { patterns: { include: ['public.note%'] }, permissions: [{ role: 'anonymous', actions: ['read'] }] },
        },
      }),
    )
    const run = await sluice(['validate', '--config', file])
    expect(run.code, run.stderr).toBe(0)
    expect(run.stdout).toBe(`${file} is valid: 2 entities match the database.
autoentities.all generates 2 entities: public_SporePrints (public.Spore Prints), public_fungi (public.fungi)
autoentities.none generates no entities.
`)
    expect(run.stderr).toContain(
      'warning: autoentities.none: no table matches its patterns; it generates no entities. Matching tables without a primary key are never generated: public.notes.\n',
    )
  }, 60_000)
})
