#!/usr/bin/env node
// The file-size rule (style.md rule 2), checked in `pnpm lint`: a source file holds at most 400 lines as Prettier prints
// it at width 120 (.prettierrc.json; `prettier --check` runs first), so a file cannot be kept short by widening lines.
// Tests are exempt. A file past the limit is split by job, or listed below with the reason it stays whole.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'

const LIMIT = 400

/** Files allowed past the limit, and why. */
const SANCTIONED = new Map([
  // None yet: style.md sanctions one large base compiler, which is under the limit today.
])

const files = execFileSync(
  'git',
  ['ls-files', ':(glob)packages/*/src/**/*.ts', ':(glob)conformance/src/**/*.ts', ':(glob)bench/src/**/*.ts'],
  { encoding: 'utf8' },
)
  .split('\n')
  .filter((f) => f !== '' && !f.endsWith('.test.ts') && !f.endsWith('.test-d.ts'))
const over = []
for (const file of files) {
  let text
  try {
    text = readFileSync(file, 'utf8')
  } catch {
    continue // deleted in the working tree
  }
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0)
  if (lines > LIMIT && !SANCTIONED.has(file)) over.push(`  ${file}: ${lines} lines`)
}
if (over.length > 0) {
  console.error(
    `Source files over ${LIMIT} lines (split them by job, or list them with a reason in scripts/check-file-size.mjs):`,
  )
  console.error(over.join('\n'))
  process.exit(1)
}
console.log(`✔ every source file is at most ${LIMIT} lines (${files.length} checked)`)
