import { execFile } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url))

/**
 * A child process whose module resolution refuses PGlite's package: it imports the plugin, builds the plugin and a
 * driver, then opens the driver, and prints what happened at each step.
 */
const HOOKS = `export async function resolve(specifier, context, next) {
  if (specifier === '@electric-sql/pglite') throw new Error('PGlite was loaded')
  return next(specifier, context)
}`
const SCRIPT = `import { register } from 'node:module'
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(HOOKS)}))
const { pglitePlugin, PGliteDriver } = await import('@sluice/plugin-pglite')
pglitePlugin()
const driver = new PGliteDriver({ dataDir: undefined })
console.log('built')
try {
  await driver.execute({ sql: 'SELECT 1', parameters: [] })
} catch (error) {
  console.log(error.message)
}`

describe('PGlite on first use', () => {
  it('is not loaded by importing the plugin or building a driver, only when the driver opens its database', async () => {
    const { stdout } = await run(
      process.execPath,
      ['--conditions=@sluice/source', '--import', 'tsx', '--input-type=module', '-e', SCRIPT],
      { cwd: PACKAGE_DIR },
    )
    expect(stdout.trim().split('\n')).toEqual(['built', 'PGlite was loaded'])
  })
})
