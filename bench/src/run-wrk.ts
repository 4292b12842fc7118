import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { findOrInstallTool } from './find-or-install-tool.js'
import type { LoadRun } from './load-run.js'
import { parseWrkOutput } from './parse-wrk-output.js'

/**
 * The `wrk` executable: on PATH, else installed from Debian's `wrk` package when the bench runs as root with apt-get
 * (a fresh machine), else undefined (autocannon only).
 */
export function findOrInstallWrk(log: (line: string) => void): string | undefined {
  const wrk = findOrInstallTool('wrk', 'wrk', log)
  if (wrk === undefined && process.getuid?.() === 0) log('measuring with autocannon only')
  return wrk
}

/** What every request of a wrk run carries besides the URL: a JSON body to POST (a GraphQL query), extra headers. */
export interface WrkRequest {
  readonly body?: string | undefined
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/**
 * One `wrk -t1 -c<connections> -d<seconds>s --latency` run (a separate process, one thread); with a body, every
 * request is a POST of that JSON body, and headers are added, through a generated Lua script.
 */
export function runWrk(
  wrk: string,
  url: string,
  seconds: number,
  connections: number,
  request: WrkRequest = {},
): Promise<LoadRun> {
  const script = request.body === undefined && request.headers === undefined ? [] : ['-s', writeRequestScript(request)]
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

/** A wrk Lua script for `request`; Lua long brackets keep the body and header values verbatim. */
function writeRequestScript(request: WrkRequest): string {
  const file = join(mkdtempSync(join(tmpdir(), 'sluice-wrk-')), 'request.lua')
  const lines: string[] = []
  if (request.body !== undefined) {
    lines.push(
      'wrk.method = "POST"',
      `wrk.headers["Content-Type"] = "application/json"`,
      `wrk.body = ${luaString(request.body)}`,
    )
  }
  for (const [name, value] of Object.entries(request.headers ?? {}))
    lines.push(`wrk.headers[${luaString(name)}] = ${luaString(value)}`)
  writeFileSync(file, `${lines.join('\n')}\n`)
  return file
}

function luaString(text: string): string {
  let level = ''
  while (text.includes(`]${level}]`)) level += '='
  return `[${level}[${text}]${level}]`
}
