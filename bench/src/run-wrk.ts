import { execFile } from 'node:child_process'
import { accessSync, constants } from 'node:fs'
import { delimiter, join } from 'node:path'
import type { LoadRun } from './load-run.js'
import { parseWrkOutput } from './parse-wrk-output.js'

/** The `wrk` executable on PATH, if any (it is never installed by the harness). */
export function findWrk(): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue
    const candidate = join(dir, 'wrk')
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/** One `wrk -t1 -c<connections> -d<seconds>s --latency` run (a separate process, one thread). */
export function runWrk(wrk: string, url: string, seconds: number, connections: number): Promise<LoadRun> {
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', url]
  return new Promise((resolve, reject) => {
    execFile(wrk, args, { encoding: 'utf8', timeout: (seconds + 30) * 1000 }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(`wrk failed: ${error.message}\n${stderr}`))
        return
      }
      try {
        resolve(parseWrkOutput(stdout))
      } catch (parseError) {
        reject(parseError)
      }
    })
  })
}
