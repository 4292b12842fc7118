import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DEFAULT_CAPABILITIES } from '@sluice/core/protocol'
import { listEngineCapabilities } from '../src/engines/engine-capabilities.js'
import {
  readCapabilityTable,
  renderCapabilityTable,
  replaceCapabilityTable,
} from '../src/engines/render-capability-table.js'
import type { Scenario } from '../src/scenario.js'
import { specifiedScenarios } from '../src/scenarios/specified-scenarios.js'

describe('engine × capability table', () => {
  it('docs/engines.md carries the table rendered from the dialects and scenarios (run `corepack pnpm capabilities` when this fails)', () => {
    const document = readFileSync(new URL('../../docs/engines.md', import.meta.url), 'utf8')
    expect(readCapabilityTable(document)).toBe(renderCapabilityTable(listEngineCapabilities(), specifiedScenarios))
  })

  it('has a row per capability flag and says where a scenario needing one is skipped', () => {
    const scenario: Scenario = {
      key: 'write.model-based',
      title: 't',
      requires: ['storedProcedures', 'nativeUpsert'],
      run: async () => undefined,
    }
    const table = renderCapabilityTable(
      [
        {
          engine: 'A',
          databaseType: 'a',
          capabilities: { ...DEFAULT_CAPABILITIES, storedProcedures: true, nativeUpsert: true },
        },
        { engine: 'B', databaseType: 'b', capabilities: { ...DEFAULT_CAPABILITIES, returning: 'output' } },
      ],
      [scenario],
    )
    for (const flag of Object.keys(DEFAULT_CAPABILITIES)) expect(table).toContain(`| \`${flag}\``)
    expect(table).toContain('| `storedProcedures` — stored procedures published as entities | yes | — |')
    expect(table).toContain(
      '| `returning` — how written rows come back (`returning`, `output`, or `none`: read back in the same transaction) | `none` | `output` |',
    )
    expect(table).toContain('| `write.model-based` | `storedProcedures`, `nativeUpsert` | B |')
    expect(replaceCapabilityTable(`# x\n${table}\nafter`, 'NEW')).toBe('# x\nNEW\nafter')
    expect(() => replaceCapabilityTable('no markers', 'NEW')).toThrow(/markers/)
  })
})
