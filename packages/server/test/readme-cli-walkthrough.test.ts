import { execFile } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestDatabase, startSluice } from './support/run-sluice-cli.js'

const ROOT = fileURLToPath(new URL('../../..', import.meta.url))
const CLI = fileURLToPath(new URL('../src/cli.ts', import.meta.url))
const run = promisify(execFile)

/** The shell block of README's "Write a config with the CLI", as written. */
function walkthrough(): string[] {
  const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('### Write a config with the CLI'))
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!
  return block
    .replace(/\\\n\s*/g, '')
    .split('\n')
    .filter(Boolean)
}

/** A shop database with the tables the walkthrough names. */
const SHOP = `
  CREATE TABLE books (id serial PRIMARY KEY, title text NOT NULL, published date);
  CREATE TABLE authors (id serial PRIMARY KEY, name text NOT NULL, email text);
  CREATE TABLE book_author (book_id int REFERENCES books, author_id int REFERENCES authors, PRIMARY KEY (book_id, author_id));
  INSERT INTO authors (name) VALUES ('Ada Whitfield');`

describe("README's CLI walkthrough", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>
  beforeAll(async () => {
    database = await createTestDatabase('sluice_walkthrough', SHOP)
  })
  afterAll(async () => {
    if ('drop' in database) await database.drop()
  })

  // Six CLI runs, each a Node start with TypeScript compiled on the fly, and a server.
  it('writes a config whose server takes the writes it grants', { timeout: 120_000 }, async (context) => {
    if ('unavailable' in database) return context.skip(database.unavailable)
    const lines = walkthrough()
    const commands = lines.filter((line) => line.startsWith('sluice ') && line !== 'sluice start')
    expect(commands.length).toBeGreaterThanOrEqual(5)
    expect(lines).toContain('sluice start')
    const dir = mkdtempSync(join(tmpdir(), 'sluice-walkthrough-'))
    // `sluice` as the alias line makes it: the CLI, run where the user is (INIT_CWD), each line as written.
    const script = [
      `sluice() { "${process.execPath}" --conditions=@sluice/source --import tsx "${CLI}" "$@"; }`,
      'set -e',
      ...commands,
    ].join('\n')
    const env = { ...process.env, INIT_CWD: dir, DAB_ENVIRONMENT: '', ASPNETCORE_ENVIRONMENT: '' }
    await run('bash', ['-c', script], { cwd: ROOT, env })

    const server = await startSluice([], dir, { DATABASE_URL: database.url })
    try {
      // Start-up names nothing it would ignore: the roles the config grants can all be held.
      expect(server.output()).not.toMatch(/never apply/)
      const write = lines.find((line) => line.startsWith('curl '))!
      const created = await run('bash', [
        '-c',
        `${write.replace(/\s+#.*$/, '')} -s -w '\\n%{http_code}'`.replaceAll('http://127.0.0.1:5000', server.url),
      ])
      const [body, status] = created.stdout.split('\n')
      expect(status, created.stdout).toBe('201')
      expect(JSON.parse(body!)).toEqual({ value: [{ id: 1, title: 'First Light', publishedOn: null }] })
      const writers = await fetch(`${server.url}/api/writers`)
      expect(writers.status).toBe(200)
      expect(await writers.json()).toEqual({ value: [{ id: 1, name: 'Ada Whitfield', email: null }] })
    } finally {
      await server.stop()
    }
  })
})
