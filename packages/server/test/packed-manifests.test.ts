import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  isTestFile,
  listExportedTypes,
  listTarball,
  listWorkspacePackages,
  packPackages,
  readPackedManifest,
} from './pack/pack-workspace-packages.js'

// The in-suite half of the pack check (no build needed): what `pnpm pack` puts in each publishable tarball. The whole
// check (build, pack, npm install into an empty folder, a server composed from the tarballs answering over HTTP, and
// sluice-conformance run from outside) is `corepack pnpm test:pack` (packages/server/test/pack/pack-and-install.ts).
const publishable = listWorkspacePackages().filter((p) => p.manifest.private !== true)
const destination = mkdtempSync(join(tmpdir(), 'sluice-packed-'))
afterAll(() => rmSync(destination, { recursive: true, force: true }))

describe('packed tarballs', () => {
  it('carry a README, no tests, real dependency ranges, and declare types and bins inside the files they ship, bins only when published', async () => {
    const tarballs = await packPackages(
      publishable.map((p) => p.dir),
      destination,
    )
    const problems: string[] = []
    const bins: string[] = []
    for (const { dir, manifest } of publishable) {
      const tarball = tarballs.get(dir)!
      const files = await listTarball(tarball)
      const packed = await readPackedManifest(tarball)
      if (!files.includes('README.md')) problems.push(`${manifest.name}: no README.md`)
      for (const file of files.filter(isTestFile)) problems.push(`${manifest.name}: ships test file ${file}`)
      for (const [name, range] of Object.entries({ ...packed.dependencies, ...packed.peerDependencies })) {
        if (range.startsWith('workspace:')) problems.push(`${manifest.name}: dependency ${name} is still ${range}`)
      }
      const shipped = (path: string) =>
        (manifest.files ?? []).some(
          (entry) => !entry.startsWith('!') && (path === entry || path.startsWith(`${entry}/`)),
        )
      for (const types of listExportedTypes(manifest)) {
        if (!types.startsWith('dist/') || !types.endsWith('.d.ts') || !shipped(types))
          problems.push(`${manifest.name}: exported types ${types} are not a shipped dist .d.ts`)
      }
      // A bin in the workspace manifest is linked by `pnpm install`, before any build: one into dist/ fails with a
      // warning. The published bins live in publishConfig, which `pnpm pack` applies to the tarball's manifest.
      for (const [bin, path] of Object.entries(manifest.bin ?? {})) {
        if (path.replace(/^\.\//, '').startsWith('dist/'))
          problems.push(`${manifest.name}: bin ${bin} → ${path} is not built at install time; use publishConfig.bin`)
      }
      for (const [bin, path] of Object.entries(packed.bin ?? {})) {
        if (!shipped(path.replace(/^\.\//, ''))) problems.push(`${manifest.name}: bin ${bin} → ${path} is not shipped`)
      }
      bins.push(...Object.keys(packed.bin ?? {}))
    }
    expect(problems).toEqual([])
    expect(bins.sort()).toEqual(['sluice', 'sluice-conformance'])
    expect(publishable.map((p) => p.manifest.name)).toEqual(
      expect.arrayContaining([
        '@sluice/core',
        '@sluice/server',
        '@sluice/plugin-pglite',
        '@sluice/plugin-rest',
        '@sluice/conformance',
      ]),
    )
  }, 120_000)
})
