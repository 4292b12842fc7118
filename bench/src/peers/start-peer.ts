import { mkdirSync, realpathSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServerProcess, type ServerProcess } from '../start-server-process.js'
import { installPeer, node22Binary, type PeerInstall } from './install-peers.js'

export type PeerKey = 'platformatic' | 'postgraphile'

/**
 * Starts a peer on Node 22 against the benchmark database, installed on first use (reference/peers.md §2.3 set-up):
 * Platformatic DB with REST and GraphQL on, logging at warn, default pool; PostGraphile with the amber preset in
 * production mode. Both listen on 127.0.0.1:`port`.
 */
export function startPeer(
  peer: PeerKey,
  port: number,
  databaseUrl: string,
  log: (line: string) => void,
): ServerProcess {
  installPeer('node22', log)
  const dir = installPeer(peer satisfies PeerInstall, log)
  const node = node22Binary()
  if (peer === 'platformatic') {
    const app = join(dir, 'app')
    mkdirSync(app, { recursive: true })
    writeFileSync(
      join(app, 'platformatic.json'),
      JSON.stringify(
        {
          $schema: 'https://schemas.platformatic.dev/@platformatic/db/3.67.0.json',
          server: { hostname: '127.0.0.1', port, logger: { level: 'warn' } },
          db: { connectionString: databaseUrl, graphql: true, openapi: true },
          watch: false,
        },
        null,
        2,
      ),
    )
    return startServerProcess(bin(dir, 'wattpm'), ['start'], {}, { tsx: false, node, cwd: app })
  }
  return startServerProcess(
    bin(dir, 'postgraphile'),
    ['-P', 'postgraphile/presets/amber', '-c', databaseUrl, '-s', 'public', '-p', String(port), '-n', '127.0.0.1'],
    { GRAPHILE_ENV: 'production', NODE_ENV: 'production' },
    { tsx: false, node, cwd: dir },
  )
}

/** The JavaScript file behind an npm bin link, so it can run on a chosen node binary. */
function bin(dir: string, name: string): string {
  return realpathSync(join(dir, 'node_modules', '.bin', name))
}
