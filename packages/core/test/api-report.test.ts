import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ENTRY_POINTS, renderApiReports } from './api-report/render-api-report.js'

describe('the public API of @sluice/core', () => {
  it(
    'matches the checked-in API report of each entry point (run `corepack pnpm api-report` when it changed on purpose)',
    { timeout: 120_000 },
    () => {
      const reports = renderApiReports()
      for (const entry of ENTRY_POINTS) {
        const checkedIn = readFileSync(new URL(`../api/${entry.report}`, import.meta.url), 'utf8')
        expect(checkedIn, `packages/core/api/${entry.report} is stale: run \`corepack pnpm api-report\``).toBe(
          reports.get(entry.report),
        )
      }
    },
  )
})
