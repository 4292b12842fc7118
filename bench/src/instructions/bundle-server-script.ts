import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const BUILD_DIR = fileURLToPath(new URL('../../.build/', import.meta.url))
const SERVERS = fileURLToPath(new URL('../servers/', import.meta.url))

/**
 * A baseline server (`script`, relative to `bench/src/servers/`) bundled by esbuild into `bench/.build/` as one
 * plain JavaScript file, as Sluice's bundle is: under valgrind, loading TypeScript through tsx would take minutes.
 */
export async function bundleServerScript(script: string): Promise<string> {
  mkdirSync(BUILD_DIR, { recursive: true })
  const outfile = join(BUILD_DIR, script.replace(/\.ts$/, '.mjs'))
  await build({
    entryPoints: [join(SERVERS, script)],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['pg-native'],
    // CommonJS dependencies inside an ESM bundle call `require`.
    banner: {
      js: "import { createRequire as __benchRequire } from 'node:module'; const require = __benchRequire(import.meta.url);",
    },
    logLevel: 'error',
  })
  return outfile
}
