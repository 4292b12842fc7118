// `corepack pnpm capabilities`: rewrites the generated engine × capability section of docs/engines.md from the
// dialects' declared capabilities and the scenarios' requirements. conformance/test/capability-table.test.ts fails
// when the committed section is stale.
import { readFileSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { specifiedScenarios } from '../scenarios/specified-scenarios.js'
import { listEngineCapabilities } from './engine-capabilities.js'
import { renderCapabilityTable, replaceCapabilityTable } from './render-capability-table.js'

const path = fileURLToPath(new URL('../../../docs/engines.md', import.meta.url))
const before = readFileSync(path, 'utf8')
const after = replaceCapabilityTable(before, renderCapabilityTable(listEngineCapabilities(), specifiedScenarios))
if (after === before) console.log('docs/engines.md: capability table is up to date')
else {
  writeFileSync(path, after)
  console.log('docs/engines.md: capability table rewritten')
}
