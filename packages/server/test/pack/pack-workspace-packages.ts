// Packs workspace packages the way they would be published (`pnpm pack`: `workspace:^` becomes a real range) and
// reads the tarballs back, for the pack tests (packed-manifests.test.ts in the suite, pack-and-install.ts as a script).
import { execFile } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** The workspace root (four levels above this file). */
export const WORKSPACE_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../../..')

export interface WorkspacePackage {
  readonly dir: string
  readonly manifest: PackageManifest
}

export interface PackageManifest {
  readonly name: string
  readonly version: string
  readonly private?: boolean
  readonly files?: readonly string[]
  readonly bin?: Readonly<Record<string, string>>
  readonly exports?: Readonly<Record<string, Readonly<Record<string, string>>>>
  readonly dependencies?: Readonly<Record<string, string>>
  readonly peerDependencies?: Readonly<Record<string, string>>
}

/** Every package under packages/, examples/ and conformance, with its manifest. */
export function listWorkspacePackages(): WorkspacePackage[] {
  const dirs = [
    ...['packages', 'examples'].flatMap((parent) =>
      readdirSync(join(WORKSPACE_ROOT, parent)).map((name) => join(WORKSPACE_ROOT, parent, name)),
    ),
    join(WORKSPACE_ROOT, 'conformance'),
  ]
  return dirs.flatMap((dir) => {
    try {
      return [{ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageManifest }]
    } catch {
      return []
    }
  })
}

/** Runs `pnpm pack` in every dir (in parallel) into `destination`; returns the tarball paths, by package dir. */
export async function packPackages(dirs: readonly string[], destination: string): Promise<Map<string, string>> {
  const tarballs = await Promise.all(
    dirs.map(async (dir) => {
      const { stdout } = await run('corepack', ['pnpm', 'pack', '--pack-destination', destination], {
        cwd: dir,
        maxBuffer: 16 << 20,
      })
      const tarball = stdout
        .trim()
        .split('\n')
        .reverse()
        .find((line) => line.endsWith('.tgz'))
      if (tarball === undefined) throw new Error(`pnpm pack in ${dir} printed no tarball:\n${stdout}`)
      return [dir, resolve(destination, tarball)] as const
    }),
  )
  return new Map(tarballs)
}

/** The files in a tarball, relative to its `package/` folder. */
export async function listTarball(tarball: string): Promise<string[]> {
  const { stdout } = await run('tar', ['-tzf', tarball], { maxBuffer: 64 << 20 })
  return stdout
    .split('\n')
    .filter((line) => line !== '' && !line.endsWith('/'))
    .map((line) => line.replace(/^package\//, ''))
}

/** The package.json inside a tarball (as published). */
export async function readPackedManifest(tarball: string): Promise<PackageManifest> {
  const { stdout } = await run('tar', ['-xzOf', tarball, 'package/package.json'], { maxBuffer: 16 << 20 })
  return JSON.parse(stdout) as PackageManifest
}

/** What a published package must not carry: test files and test folders. */
export function isTestFile(path: string): boolean {
  return (
    /(^|\/)(test|tests|__tests__)\//.test(path) || /\.(test|spec)\.[cm]?[jt]s$/.test(path) || /\.test-d\.ts$/.test(path)
  )
}

/** Every `types` target of the manifest's `exports` (e.g. `./dist/index.d.ts`), without the leading `./`. */
export function listExportedTypes(manifest: PackageManifest): string[] {
  return Object.values(manifest.exports ?? {}).flatMap((conditions) =>
    conditions['types'] === undefined ? [] : [conditions['types'].replace(/^\.\//, '')],
  )
}
