import { mkdirSync, rmSync, symlinkSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'

const BUILD_DIR = fileURLToPath(new URL('../.build/', import.meta.url))
const SERVER = fileURLToPath(new URL('./servers/sluice-server.ts', import.meta.url))
/** Loaded at run time rather than bundled: PGlite reads its WebAssembly files next to its own modules. */
const PGLITE = '@electric-sql/pglite'

/**
 * Sluice as it ships — plain JavaScript run by `node`, no TypeScript loader — for the benchmark: `servers/sluice-server.ts`
 * and everything it imports bundled by esbuild into `bench/.build/sluice-server.mjs` (gitignored), from the workspace
 * sources. Drivers Sluice loads on first use (tedious, mysql2) and pg's optional native binding stay external; PGlite
 * stays external and is linked beside the bundle. Takes about a second.
 */
export async function buildSluiceBundle(): Promise<string> {
  const outfile = join(BUILD_DIR, 'sluice-server.mjs')
  mkdirSync(BUILD_DIR, { recursive: true })
  await build({
    entryPoints: [SERVER],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@sluice/source'],
    external: [PGLITE, 'pg-native', 'tedious', 'mysql2', 'mysql2/*'],
    // CommonJS dependencies inside an ESM bundle call `require`.
    banner: { js: "import { createRequire as __sluiceRequire } from 'node:module'; const require = __sluiceRequire(import.meta.url);" },
    logLevel: 'error',
  })
  linkPackage(PGLITE, fileURLToPath(new URL('../../packages/plugin-pglite/package.json', import.meta.url)))
  return outfile
}

/** Makes `name`, as installed for the package whose package.json is `from`, resolvable from the bundle. */
function linkPackage(name: string, from: string): void {
  const entry = createRequire(from).resolve(name)
  const folder = join('node_modules', name)
  const target = entry.slice(0, entry.lastIndexOf(folder) + folder.length)
  const link = join(BUILD_DIR, 'node_modules', name)
  mkdirSync(dirname(link), { recursive: true })
  rmSync(link, { force: true, recursive: true })
  symlinkSync(target, link, 'dir')
}
