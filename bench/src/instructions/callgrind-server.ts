import { execFileSync } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { startServerProcess, type ServerProcess } from '../start-server-process.js'

/** A server process running under valgrind's callgrind, whose instruction counter can be reset and read. */
export interface CallgrindServer {
  readonly process: ServerProcess
  /** User-space instructions (every thread: JIT code, the garbage collector, libuv) executed while `work` ran. */
  count(work: () => Promise<void>): Promise<number>
}

/**
 * Starts `node <bundle>` under `valgrind --tool=callgrind` with `env`, its dumps in `dir`. Collection runs from the
 * start, but `count` resets the counters before its work and dumps them after, so start-up and warm-up are not counted.
 */
export function startUnderCallgrind(valgrind: string, bundle: string, env: Readonly<Record<string, string>>, dir: string): CallgrindServer {
  const server = startServerProcess(bundle, [], env, {
    node: valgrind,
    tsx: false,
    // all-non-file: V8 rewrites the machine code it generated (inline caches, tier-up), which valgrind must notice.
    nodeArgs: ['--tool=callgrind', `--callgrind-out-file=${join(dir, 'callgrind.%p.out')}`, '--smc-check=all-non-file', process.execPath],
  })
  const control = (command: '-z' | '-d'): void => { execFileSync('callgrind_control', [command, String(server.pid)], { stdio: 'ignore' }) }
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

/** The instruction total of dump number `n` of `pid` (callgrind names them `callgrind.<pid>.out.<n>`), once written. */
async function readDump(dir: string, pid: number, n: number): Promise<number> {
  const name = `callgrind.${pid}.out.${n}`
  for (let attempt = 0; attempt < 100; attempt++) {
    if (readdirSync(dir).includes(name)) {
      const total = /^(?:summary|totals): (\d+)/m.exec(readFileSync(join(dir, name), 'utf8'))
      if (total !== null) return Number(total[1])
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`callgrind wrote no dump ${name} in ${dir}`)
}
