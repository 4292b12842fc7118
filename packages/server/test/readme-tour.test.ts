import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SluiceServer } from '../src/index.js'
import { startLibraryServer } from './support/library-test-server.js'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const run = promisify(execFile)

/** One command of the tour: the shell text as written, what README shows it printing, and its status. */
interface TourStep {
  readonly command: string
  /** README's `# …` lines right under the command: fragments of its output, `…` standing for anything. */
  readonly output: readonly string[]
  /** A status README gives in a trailing comment (`# 204`, `# 201, then 200`: the first). */
  readonly status: number | undefined
}

/**
 * The tour's shell blocks, from "A five-minute tour" to "Your own database", as steps. Assignments (`AS=…`) stay in
 * force for the commands after them, as in one terminal.
 */
function tourSteps(): { steps: TourStep[]; assignments: string[] } {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const tour = readme.slice(readme.indexOf('## A five-minute tour'), readme.indexOf('### Your own database'))
  const steps: TourStep[] = []
  const assignments: string[] = []
  for (const [, block] of tour.matchAll(/```sh\n([\s\S]*?)```/g)) {
    let current: { command: string; output: string[]; status: number | undefined } | undefined
    for (const line of block!.replace(/\\\n\s*/g, '').split('\n')) {
      if (line.startsWith('curl ')) {
        const status = /\s#\s*(\d{3})\b/.exec(line)?.[1]
        current = {
          command: line.replace(/\s+#.*$/, ''),
          output: [],
          status: status === undefined ? undefined : Number(status),
        }
        steps.push(current)
      } else if (line.startsWith('# ') && current !== undefined) current.output.push(line.slice(2))
      else if (/^[A-Z]+=/.test(line)) assignments.push(line)
      else current = undefined
    }
  }
  return { steps, assignments }
}

/** The status a step must answer: the one README gives, the one its error body shows, or any 2xx. */
function expectedStatus(step: TourStep): number | undefined {
  if (step.status !== undefined) return step.status
  for (const line of step.output) {
    const shown = /"status":(\d{3})/.exec(line) ?? /^HTTP\/1\.1 (\d{3})/.exec(line)
    if (shown !== null) return Number(shown[1])
  }
  return undefined
}

/**
 * Text without the layout JSON allows: pages come one record per line (json_agg), nested objects as the database
 * spaced them; README writes them compactly.
 */
function compact(text: string): string {
  return text.replace(/\s*([,:{}[\]])\s*/g, '$1').trim()
}

describe('README tour', () => {
  let server: SluiceServer
  let base: string
  beforeAll(async () => {
    server = await startLibraryServer()
    await server.app.listen({ port: 0, host: '127.0.0.1' })
    const address = server.app.server.address()
    base = `http://127.0.0.1:${typeof address === 'object' && address !== null ? address.port : 0}`
  })
  afterAll(() => server.close())

  it('runs every curl as written, in order, with the status and output README shows', async () => {
    const { steps, assignments } = tourSteps()
    expect(steps.length).toBeGreaterThan(25)
    for (const step of steps) {
      const command = step.command.replaceAll('http://127.0.0.1:5000', base)
      const script = [...assignments, `${command} -s -w '\\n%{http_code}'`].join('\n')
      const { stdout } = await run('bash', ['-c', script], { cwd: ROOT })
      const cut = stdout.lastIndexOf('\n')
      const [text, status] = [compact(stdout.slice(0, cut)), Number(stdout.slice(cut + 1))]
      const expected = expectedStatus(step)
      if (expected === undefined) expect(status, `${step.command}\n${text}`).toBeLessThan(300)
      else expect(status, `${step.command}\n${text}`).toBe(expected)
      for (const line of step.output) {
        // Each fragment between `…` appears, in order.
        let from = 0
        for (const fragment of line.replaceAll('http://127.0.0.1:5000', base).split('…').map(compact)) {
          if (fragment === '') continue
          const at = text.indexOf(fragment, from)
          expect(at, `${step.command}\nshows: ${fragment}\nanswered: ${text}`).toBeGreaterThanOrEqual(0)
          from = at + fragment.length
        }
      }
    }
  })
})
