import { writeFileSync } from 'node:fs'
import { renderApiReports } from './render-api-report.js'

// `corepack pnpm api-report`: rewrites packages/core/api/*.api.md from the entry points' declarations.
const folder = new URL('../../api/', import.meta.url)
for (const [file, text] of renderApiReports()) {
  writeFileSync(new URL(file, folder), text)
  console.log(`packages/core/api/${file}: written`)
}
