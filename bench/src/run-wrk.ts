import { execFile, execFileSync } from 'node:child_process'
import { accessSync, constants, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import type { LoadRun } from './load-run.js'
import { parseWrkOutput } from './parse-wrk-output.js'

/**
 * The `wrk` executable: on PATH, else installed from Debian's `wrk` package when the bench runs as root with apt-get
 * (a fresh machine), else undefined (autocannon only).
 */
export function findOrInstallWrk(log: (line: string) => void): string | undefined {
  const found = findWrk()
  if (found !== undefined || process.getuid?.() !== 0 || findOnPath('apt-get') === undefined) return found
  log('wrk is not installed: installing the Debian package wrk (once)')
  try {
    execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore' })
  } catch {
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' })
      execFileSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore' })
    } catch (error) {
      log(`could not install wrk (${(error as Error).message.split('\n')[0]}); measuring with autocannon only`)
    }
  }
  return findWrk()
}

/** The `wrk` executable on PATH, if any. */
export function findWrk(): string | undefined {
  return findOnPath('wrk')
}

function findOnPath(name: string): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(delimiter)) {
    if (dir === '') continue
    const candidate = join(dir, name)
    try {
      accessSync(candidate, constants.X_OK)
      return candidate
    } catch {
      // not here
    }
  }
  return undefined
}

/**
 * One `wrk -t1 -c<connections> -d<seconds>s --latency` run (a separate process, one thread); with `postBody`, every
 * request is a POST of that JSON body (a GraphQL query) through a generated Lua script.
 */
export function runWrk(wrk: string, url: string, seconds: number, connections: number, postBody?: string): Promise<LoadRun> {
  const script = postBody === undefined ? [] : ['-s', writePostScript(postBody)]
  const args = ['-t1', `-c${connections}`, `-d${seconds}s`, '--latency', ...script, url]
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

/** A wrk Lua script that POSTs `body` as JSON; Lua long brackets keep the body verbatim. */
function writePostScript(body: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sluice-wrk-')), 'post.lua')
  let level = ''
  while (body.includes(`]${level}]`)) level += '='
  writeFileSync(file, `wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\nwrk.body = [${level}[${body}]${level}]\n`)
  return file
}
