// `corepack pnpm conformance:readme`: rewrites the generated scenario table of conformance/README.md from the
// scenario definitions (key, description, requires). conformance/test/scenario-table.test.ts fails when the
// committed table is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { specifiedScenarios } from '../scenarios/specified-scenarios.js'
import { renderScenarioTable, replaceScenarioTable } from './render-scenario-table.js'

const path = fileURLToPath(new URL('../../README.md', import.meta.url))
const before = readFileSync(path, 'utf8')
const after = replaceScenarioTable(before, renderScenarioTable(specifiedScenarios))
if (after === before) console.log('conformance/README.md: scenario table is up to date')
else {
  writeFileSync(path, after)
  console.log('conformance/README.md: scenario table rewritten')
}
