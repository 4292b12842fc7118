import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServerProcess, type ServerProcess } from '../start-server-process.js'

/**
 * Callgrind's counters over one stretch of work: `Ir` (instructions executed), and with the cache simulation also
 * `I1mr` (L1 instruction misses), `D1mr` and `D1mw` (L1 data read and write misses) and the last-level misses.
 */
export type CallgrindEvents = Readonly<Record<string, number>>

/** A server process running under valgrind's callgrind, whose counters can be reset and read. */
export interface CallgrindServer {
  readonly process: ServerProcess
  /** The user-space counters (every thread: JIT code, the garbage collector, libuv) while `work` ran. */
  count(work: () => Promise<void>): Promise<CallgrindEvents>
}

/**
 * Starts `node <bundle>` under `valgrind --tool=callgrind` with `env`, its dumps in `dir`. Collection runs from the
 * start, but `count` resets the counters before its work and dumps them after, so start-up and warm-up are not counted.
 */
export function startUnderCallgrind(
  valgrind: string,
  bundle: string,
  env: Readonly<Record<string, string>>,
  dir: string,
  cacheSim = false,
): CallgrindServer {
  const server = startServerProcess(bundle, [], env, {
    node: valgrind,
    tsx: false,
    // all-non-file: V8 rewrites the machine code it generated (inline caches, tier-up), which valgrind must notice.
    nodeArgs: [
      '--tool=callgrind',
      `--callgrind-out-file=${join(dir, 'callgrind.%p.out')}`,
      '--smc-check=all-non-file',
      ...(cacheSim ? ['--cache-sim=yes'] : []),
      process.execPath,
    ],
  })
  const control = (command: '-z' | '-d'): void => {
    execFileSync('callgrind_control', [command, String(server.pid)], { stdio: 'ignore' })
  }
  let dumps = 0
  return {
    process: server,
    async count(work) {
      control('-z')
      await work()
      control('-d')
      dumps++
      return await readDump(dir, server.pid, dumps)
    },
  }
}

/** The totals of dump number `n` of `pid` (callgrind names them `callgrind.<pid>.out.<n>`), once written. */
async function readDump(dir: string, pid: number, n: number): Promise<CallgrindEvents> {
  const name = `callgrind.${pid}.out.${n}`
  for (let attempt = 0; attempt < 100; attempt++) {
    if (readdirSync(dir).includes(name)) {
      const text = readFileSync(join(dir, name), 'utf8')
      const names = /^events: (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/)
      const totals = /^(?:summary|totals): (.+)$/m.exec(text)?.[1]?.trim().split(/\s+/).map(Number)
      if (names !== undefined && totals !== undefined)
        return Object.fromEntries(names.map((event, i) => [event, totals[i] ?? 0]))
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`callgrind wrote no dump ${name} in ${dir}`)
}
