// `corepack pnpm test:pack`: builds the workspace, packs every package a composed server needs (`pnpm pack`, so
// `workspace:^` becomes a real range), installs the tarballs with npm into an empty temporary folder (third-party
// dependencies from the npm registry, through npm's shared cache: SLUICE_NPM_CACHE or ~/.npm), then
// 1. checks each tarball carries its README and the .d.ts of every export, and no tests;
// 2. writes an 11-line server composing createServer with PGlite and REST from those packages, starts it and reads
//    a table over HTTP;
// 3. runs `sluice-conformance` from that folder against an engine module written there (two scenarios, one run).
// A script rather than a suite test: it takes well over a minute (the build alone ~40 s). `--no-build` skips the build.
import { strict as assert } from 'node:assert'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import {
  isTestFile,
  listExportedTypes,
  listTarball,
  listWorkspacePackages,
  packPackages,
  WORKSPACE_ROOT,
} from './pack-workspace-packages.js'
import { ENGINE_MODULE, SEED_SQL, SERVER_CONFIG, SERVER_MODULE } from './packed-app-files.js'

const run = promisify(execFile)
const started = Date.now()
const step = (what: string) => console.log(`[pack] ${what} (${Math.round((Date.now() - started) / 1000)} s)`)
const folder = mkdtempSync(join(tmpdir(), 'sluice-pack-'))

try {
  if (!process.argv.includes('--no-build')) {
    step('building')
    await run('corepack', ['pnpm', 'build'], { cwd: WORKSPACE_ROOT, maxBuffer: 64 << 20 })
  }
  // The server depends on every built-in plugin and on the sample (`sluice start --demo`), so all of them are packed.
  const packages = listWorkspacePackages()
  const serverDeps = Object.keys(
    packages.find((p) => p.manifest.name === '@sluice/server')!.manifest.dependencies ?? {},
  )
  const needed = packages.filter(
    (p) =>
      p.manifest.name === '@sluice/server' ||
      p.manifest.name === '@sluice/conformance' ||
      serverDeps.includes(p.manifest.name),
  )
  step(`packing ${needed.map((p) => p.manifest.name).join(', ')}`)
  const tarballs = await packPackages(
    needed.map((p) => p.dir),
    mkdtempSync(join(folder, 'tarballs-')),
  )

  for (const { dir, manifest } of needed.filter((p) => p.manifest.private !== true)) {
    const files = await listTarball(tarballs.get(dir)!)
    assert.ok(files.includes('README.md'), `${manifest.name}: no README.md in the tarball`)
    assert.deepEqual(files.filter(isTestFile), [], `${manifest.name}: test files in the tarball`)
    for (const types of listExportedTypes(manifest))
      assert.ok(files.includes(types), `${manifest.name}: ${types} is not in the tarball (built?)`)
  }

  step('npm install of the tarballs into an empty folder')
  const app = join(folder, 'app')
  rmSync(app, { recursive: true, force: true })
  await run('mkdir', ['-p', app])
  writeFileSync(join(app, 'package.json'), JSON.stringify({ name: 'packed-app', private: true, type: 'module' }))
  const cache = process.env['SLUICE_NPM_CACHE'] === undefined ? [] : ['--cache', process.env['SLUICE_NPM_CACHE']]
  await run(
    'npm',
    [
      'install',
      '--no-audit',
      '--no-fund',
      '--prefer-offline',
      '--loglevel=error',
      ...cache,
      ...tarballs.values(),
      'vitest@4',
    ],
    { cwd: app, maxBuffer: 64 << 20 },
  )

  step('starting the 11-line server')
  writeFileSync(join(app, 'dab-config.json'), SERVER_CONFIG)
  writeFileSync(join(app, 'seed.sql'), SEED_SQL)
  writeFileSync(join(app, 'server.mjs'), SERVER_MODULE)
  assert.equal(SERVER_MODULE.trim().split('\n').length, 11)
  const served = await run(process.execPath, ['server.mjs'], { cwd: app, timeout: 120_000 })
  assert.deepEqual(JSON.parse(served.stdout.trim().split('\n').at(-1)!), {
    status: 200,
    body: {
      value: [
        { id: 1, title: 'Dune' },
        { id: 2, title: 'Emma' },
      ],
    },
  })

  step('running sluice-conformance from the folder')
  writeFileSync(join(app, 'engine.mjs'), ENGINE_MODULE)
  const conformance = await run(
    join(app, 'node_modules/.bin/sluice-conformance'),
    ['--engine', './engine.mjs', '--only', 'paging.tampered-after,select.unknown-field', '--runs', '1'],
    {
      cwd: app,
      timeout: 300_000,
      env: { ...process.env, NO_COLOR: '1' },
      maxBuffer: 64 << 20,
    },
  )
  assert.match(conformance.stdout, /2 passed, 0 failed, 0 skipped, 0 known gaps/)
  step('done: the tarballs install, compose a server that answers over HTTP, and run the conformance suite')
} finally {
  rmSync(folder, { recursive: true, force: true })
}
