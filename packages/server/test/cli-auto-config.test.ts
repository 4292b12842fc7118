import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runSluice } from './support/run-sluice-cli.js'

/**
 * `sluice auto-config` (writes an autoentities definition with `dab auto-config`'s flags) and
 * `sluice auto-config-simulate` (shows what the definitions generate, in `dab`'s layout or as CSV), as the real CLI,
 * on an embedded PGlite database.
 */
const dir = mkdtempSync(join(tmpdir(), 'sluice-cli-auto-config-'))
const file = join(dir, 'dab-config.json')
const config = (): Record<string, any> => JSON.parse(readFileSync(file, 'utf8'))

writeFileSync(
  join(dir, 'seed.sql'),
  `
  create schema sales;
  create table sales.orders (id int primary key);
  create table sales."Order Lines" (id int primary key);
  create table sales.internal_notes (id int primary key);
  create table public.books (id int primary key);
`,
)
writeFileSync(
  file,
  JSON.stringify(
    {
      'data-source': { 'database-type': 'pglite', 'connection-string': '', options: { seed: './seed.sql' } },
      // A comment-free config `sluice init` could have written; the verb keeps what it does not change.
      entities: { Book: { source: 'books', permissions: [{ role: 'anonymous', actions: ['read'] }] } },
    },
    null,
    2,
  ),
)

describe('sluice auto-config', () => {
  it('creates a definition from the flags given, then changes only what later flags name', async () => {
    const created = await runSluice(
      [
        'auto-config',
        'sales',
        '--patterns.include',
        'sales.%',
        'other.%',
        '--patterns.exclude',
        'sales.internal%',
        '--patterns.name',
        'api_{object}',
        '--template.cache.enabled',
        'true',
        '--template.cache.ttl-seconds',
        '30',
        '--template.cache.level',
        'l1',
        '--template.mcp.dml-tools',
        'false',
        '--permissions',
        'anonymous:read',
      ],
      dir,
    )
    expect(created.code, created.stderr).toBe(0)
    expect(created.stdout).toContain("info: Updated patterns.include for definition 'sales'")
    expect(created.stdout).toContain('info: Successfully configured autoentities definition: sales.')
    expect(config()['autoentities']).toEqual({
      sales: {
        patterns: { include: ['sales.%', 'other.%'], exclude: ['sales.internal%'], name: 'api_{object}' },
        template: { mcp: { 'dml-tools': false }, cache: { enabled: true, 'ttl-seconds': 30, level: 'L1' } },
        permissions: [{ role: 'anonymous', actions: [{ action: 'read' }] }],
      },
    })
    const changed = await runSluice(
      ['auto-config', 'sales', '--template.rest.enabled', 'false', '--permissions', 'editor:*'],
      dir,
    )
    expect(changed.code, changed.stderr).toBe(0)
    expect(config()['autoentities'].sales).toEqual({
      patterns: { include: ['sales.%', 'other.%'], exclude: ['sales.internal%'], name: 'api_{object}' },
      template: {
        mcp: { 'dml-tools': false },
        cache: { enabled: true, 'ttl-seconds': 30, level: 'L1' },
        rest: { enabled: false },
      },
      permissions: [{ role: 'editor', actions: [{ action: '*' }] }],
    })
    expect(config()['entities']).toEqual({
      Book: { source: 'books', permissions: [{ role: 'anonymous', actions: ['read'] }] },
    })
  })

  it('refuses invalid values and an existing definition without any option, leaving the file alone', async () => {
    const before = readFileSync(file, 'utf8')
    const level = await runSluice(['auto-config', 'sales', '--template.cache.level', 'L3'], dir)
    expect(level.code).toBe(1)
    expect(level.stderr).toContain("fail: Invalid value 'L3' for --template.cache.level: expected one of L1, L1L2.")
    expect(level.stderr).toContain('fail: Failed to configure autoentities definition: sales.')
    const none = await runSluice(['auto-config', 'sales'], dir)
    expect(none.stderr).toContain("fail: No option given: autoentities definition 'sales' exists already")
    const missing = await runSluice(['auto-config'], dir)
    expect(missing.stderr).toContain('fail: Required argument <definition> is missing')
    expect(readFileSync(file, 'utf8')).toBe(before)
  })
})

describe('sluice auto-config-simulate', () => {
  it("prints each definition's matches in dab's layout, and writes them as CSV with -o", async () => {
    writeFileSync(
      file,
      JSON.stringify({
        ...config(),
        autoentities: {
          sales: {
            patterns: { include: ['sales.%'], exclude: ['sales.internal%'] },
            permissions: [{ role: 'anonymous', actions: ['read'] }],
          },
          none: { patterns: { include: ['archive.%'] }, permissions: [{ role: 'anonymous', actions: ['read'] }] },
        },
      }),
    )
    const printed = await runSluice(['auto-config-simulate'], dir)
    expect(printed.code, printed.stderr).toBe(0)
    expect(printed.stdout).toContain(`Autoentities Simulation Results

Filter: sales
Matches: 2

sales_OrderLines -> sales.Order Lines
sales_orders     -> sales.orders

Filter: none
Matches: 0

(no matches)
`)
    expect(printed.stdout).toContain(
      'warn: autoentities.none: no table matches its patterns; it generates no entities.',
    )
    const csv = await runSluice(['auto-config-simulate', '-o', 'matches.csv'], dir)
    expect(csv.code, csv.stderr).toBe(0)
    expect(readFileSync(join(dir, 'matches.csv'), 'utf8')).toBe(
      'filter_name,entity_name,database_object\nsales,sales_OrderLines,sales.Order Lines\nsales,sales_orders,sales.orders\n',
    )
  }, 60_000)

  it('says so when the config has no definitions', async () => {
    writeFileSync(file, JSON.stringify({ ...config(), autoentities: {} }))
    const run = await runSluice(['auto-config-simulate'], dir)
    expect(run.code).toBe(1)
    expect(run.stderr).toContain('fail: No autoentities definitions found in the config file.')
    expect(run.stderr).toContain('fail: Failed to simulate autoentities.')
  })
})
