import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { readScenarioTable, renderScenarioTable, replaceScenarioTable } from '../src/readme/render-scenario-table.js'
import type { Scenario } from '../src/scenario.js'
import { SCENARIO_KEYS } from '../src/scenario-keys.js'
import { specifiedScenarios } from '../src/scenarios/specified-scenarios.js'

describe('README scenario table', () => {
  it('conformance/README.md carries the table rendered from the scenario definitions (run `corepack pnpm conformance:readme` when this fails)', () => {
    const document = readFileSync(new URL('../README.md', import.meta.url), 'utf8')
    expect(readScenarioTable(document), 'conformance/README.md is stale: run `corepack pnpm conformance:readme`').toBe(
      renderScenarioTable(specifiedScenarios),
    )
  })

  it('every specified scenario has a description, and every key a scenario', () => {
    expect(specifiedScenarios.filter((s) => (s.description ?? '').trim() === '').map((s) => s.key)).toEqual([])
    expect(specifiedScenarios.map((s) => s.key).sort()).toEqual([...SCENARIO_KEYS].sort())
  })

  it('renders key, description (else title) with escaped pipes, and requirements', () => {
    const scenarios: Scenario[] = [
      {
        key: 'write.model-based',
        title: 't',
        description: 'a | b\n c',
        requires: ['storedProcedures', 'nativeUpsert'],
        run: async () => undefined,
      },
      { key: 'paging.cursor-walk', title: 'the title', run: async () => undefined },
    ]
    const table = renderScenarioTable(scenarios)
    expect(table).toContain('| `write.model-based` | a \\| b c | `storedProcedures`, `nativeUpsert` |')
    expect(table).toContain('| `paging.cursor-walk` | the title | — |')
    expect(replaceScenarioTable(`# x\n${table}\nafter`, 'NEW')).toBe('# x\nNEW\nafter')
    expect(() => replaceScenarioTable('no markers', 'NEW')).toThrow(/markers/)
  })
})
