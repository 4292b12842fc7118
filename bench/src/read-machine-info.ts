import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import * as os from 'node:os'
import pg from 'pg'

export interface MachineInfo {
  readonly cpus: number
  readonly cpuModel: string
  readonly memoryGb: number
  readonly kernel: string
  readonly node: string
  readonly postgres: string
  readonly autocannon: string
  readonly fastify: string
  readonly pg: string
  readonly wrk: string | undefined
}

/** Hardware and versions to print next to every result. */
export async function readMachineInfo(databaseUrl: string, wrk: string | undefined): Promise<MachineInfo> {
  const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')
  const require = createRequire(import.meta.url)
  const version = (name: string): string => (require(`${name}/package.json`) as { version: string }).version
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  const postgres =
    (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '?'
  await client.end()
  return {
    cpus: os.cpus().length,
    cpuModel: /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? os.cpus()[0]?.model ?? '?',
    memoryGb: Math.round(os.totalmem() / 1024 ** 3),
    kernel: os.release(),
    node: process.version,
    postgres,
    autocannon: version('autocannon'),
    fastify: version('fastify'),
    pg: version('pg'),
    wrk: wrk === undefined ? undefined : readWrkVersion(wrk),
  }
}

function readWrkVersion(wrk: string): string {
  try {
    return execFileSync(wrk, ['-v'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).split('\n')[0] ?? 'wrk'
  } catch (error) {
    // wrk -v prints its version and exits with status 1
    const stdout = (error as { stdout?: string }).stdout ?? ''
    return stdout.split('\n')[0]?.trim() || 'wrk'
  }
}
