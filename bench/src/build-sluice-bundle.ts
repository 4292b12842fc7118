import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readFile } from 'node:fs/promises'
import { build, transform, type Plugin } from 'esbuild'
import ts from 'typescript'

const BUILD_DIR = fileURLToPath(new URL('../.build/', import.meta.url))
const SERVER = fileURLToPath(new URL('./servers/sluice-server.ts', import.meta.url))
/** Loaded at run time rather than bundled: PGlite reads its WebAssembly files next to its own modules. */
const PGLITE = '@electric-sql/pglite'

/**
 * Sluice as it ships — plain JavaScript run by `node`, no TypeScript loader — for the benchmark: `servers/sluice-server.ts`
 * and everything it imports bundled by esbuild into `bench/.build/sluice-server.mjs` (gitignored), from the workspace
 * sources, each TypeScript file compiled as `tsc` compiles the published packages (see `tscEmit`). Drivers Sluice loads
 * on first use (tedious, mysql2) and pg's optional native binding stay external; PGlite stays external and is linked
 * beside the bundle. Takes a few seconds.
 */
export async function buildSluiceBundle(): Promise<string> {
  const outfile = join(BUILD_DIR, 'sluice-server.mjs')
  mkdirSync(BUILD_DIR, { recursive: true })
  const result = await build({
    entryPoints: [SERVER],
    outfile,
    write: false,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    conditions: ['@sluice/source'],
    external: [PGLITE, 'pg-native', 'tedious', 'mysql2', 'mysql2/*'],
    // CommonJS dependencies inside an ESM bundle call `require`.
    banner: {
      js: "import { createRequire as __sluiceRequire } from 'node:module'; const require = __sluiceRequire(import.meta.url);",
    },
    plugins: [tscEmit],
    logLevel: 'error',
  })
  writeFileSync(outfile, await asciiOnly(result.outputFiles[0]!.text))
  linkPackage(PGLITE, fileURLToPath(new URL('../../packages/plugin-pglite/package.json', import.meta.url)))
  return outfile
}

/**
 * The bundle with every non-ASCII character written as a `\uXXXX` escape. V8 keeps a script's source text for as
 * long as the script lives, as a one-byte string when every character is Latin-1 and as a two-byte one otherwise: one
 * `—` in a comment doubled the 6.8 MB bundle's source to 13.6 MB of heap (V8's large-object space), where the shipped
 * packages, one module per file, pay the second byte only for their own files that hold such characters (about 1 MB
 * of Sluice's sources). esbuild already escapes strings, regular expressions and identifiers (`charset: 'ascii'`),
 * so what is left sits in comments, where an escape is inert; the guard below proves it by comparing the minified
 * forms (comments dropped) before and after.
 */
async function asciiOnly(text: string): Promise<string> {
  const escaped = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  if (escaped === text) return text
  const [before, after] = await Promise.all(
    [text, escaped].map(
      async (code) =>
        (await transform(code, { minify: true, legalComments: 'none', format: 'esm', target: 'node20' })).code,
    ),
  )
  if (before !== after)
    throw new Error("escaping the bundle's non-ASCII characters changed its code: one stood outside a comment")
  return escaped
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

/**
 * The workspace's TypeScript compiled by TypeScript itself, with the published packages' options, rather than by
 * esbuild: esbuild lowers every private member (`#x`) of a decorated class — the pipeline's stages are — to WeakMap
 * and WeakSet lookups, which `tsc` (what ships in `dist/`) keeps native; measured through esbuild, Sluice paid for
 * code it does not ship.
 */
const tscEmit: Plugin = {
  name: 'tsc-emit',
  setup(build) {
    build.onLoad({ filter: /\/packages\/[^/]+\/src\/.*\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8')
      const { outputText } = ts.transpileModule(source, { fileName: args.path, compilerOptions: TSC_OPTIONS })
      return { contents: outputText, loader: 'js' }
    })
  },
}

/**
 * The options the published packages are compiled with (tsconfig.base.json, read rather than repeated here), with
 * what a bundle needs instead: ES modules for esbuild to link, no declarations or source maps.
 */
const TSC_OPTIONS: ts.CompilerOptions = {
  ...readBaseCompilerOptions(),
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  declaration: false,
  sourceMap: false,
}

function readBaseCompilerOptions(): ts.CompilerOptions {
  const path = fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url))
  const { config, error } = ts.readConfigFile(path, ts.sys.readFile)
  if (error !== undefined) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'))
  const { options, errors } = ts.convertCompilerOptionsFromJson(
    (config as { compilerOptions?: unknown }).compilerOptions,
    dirname(path),
  )
  if (errors.length > 0)
    throw new Error(errors.map((e) => ts.flattenDiagnosticMessageText(e.messageText, '\n')).join('; '))
  return options
}
