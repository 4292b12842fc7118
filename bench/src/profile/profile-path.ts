import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { readBenchSettings } from '../bench-settings.js'
import { BENCH_SCENARIOS, scenarioRequest } from '../bench-scenarios.js'
import { BENCH_SYSTEMS, type SystemKey } from '../bench-systems.js'
import { loadDataset } from '../load-dataset.js'
import { runAutocannon } from '../run-autocannon.js'
import { startServerProcess } from '../start-server-process.js'
import { waitUntilReady } from '../wait-until-ready.js'
import { summarizeCpuProfile, type CpuProfile } from './summarize-cpu-profile.js'

// `pnpm bench:profile [scenario …]` (default: list graphql-list): Sluice under load with V8's CPU profiler, one
// scenario at a time; prints where the server's CPU time goes (by area and by function) and writes the summaries and
// the raw .cpuprofile files (open them in Chrome DevTools) under bench/results/profiles/. SLUICE_BENCH_PROFILE_SYSTEM
// names another of our own servers to profile instead (e.g. pg-json-agg), to set Sluice's profile beside a baseline's.
const RESULTS = fileURLToPath(new URL('../../results/profiles/', import.meta.url))
const settings = readBenchSettings()
const system = (process.env['SLUICE_BENCH_PROFILE_SYSTEM'] ?? 'sluice') as SystemKey
const script = BENCH_SYSTEMS[system]?.script
if (script === undefined) throw new Error(`SLUICE_BENCH_PROFILE_SYSTEM: no server script of ours named '${system}'`)
const keys = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ['list', 'graphql-list']
const seconds = Math.max(5, settings.duration)
await loadDataset(settings.databaseUrl)
mkdirSync(RESULTS, { recursive: true })

for (const key of keys) {
  const scenario = BENCH_SCENARIOS.find((s) => s.key === key)
  const path = scenario?.paths[system]
  if (scenario === undefined || path === undefined)
    throw new Error(
      `no ${system} scenario '${key}' (have: ${BENCH_SCENARIOS.filter((s) => s.paths[system])
        .map((s) => s.key)
        .join(', ')})`,
    )
  const dir = mkdtempSync(join(tmpdir(), 'sluice-prof-'))
  const server = startServerProcess(
    join('bench', 'src', 'servers', script),
    [],
    {
      SLUICE_BENCH_PORT: String(settings.port),
      SLUICE_BENCH_DATABASE_URL: settings.databaseUrl,
    },
    { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${dir}`] },
  )
  try {
    const origin = `http://127.0.0.1:${settings.port}`
    await waitUntilReady(server, `${origin}/`)
    const request = scenarioRequest(scenario, path, 0, system)
    const stream =
      request.body === undefined
        ? undefined
        : { method: 'POST' as const, next: () => ({ path: request.path, body: request.body! }) }
    await runAutocannon(origin + request.path, 3, settings.connections, stream) // warm-up, in the profile too (small share)
    const run = await runAutocannon(origin + request.path, seconds, settings.connections, stream)
    process.stdout.write(
      `\n[${key}] ${Math.round(run.requestsPerSecond)} req/s under the profiler (${seconds} s, ${settings.connections} connections)\n`,
    )
  } finally {
    await server.stop()
  }
  const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))
  if (file === undefined) throw new Error(`the server wrote no CPU profile into ${dir}:\n${server.output()}`)
  const raw = readFileSync(join(dir, file), 'utf8')
  const summary = summarizeCpuProfile(JSON.parse(raw) as CpuProfile)
  const text = [
    `## ${scenario.title}: server CPU by area (self time, idle excluded)`,
    '',
    ...summary.byArea.map((l) => `- ${l.percent.toFixed(1)} % ${l.name}`),
    '',
    '## Top functions (self time)',
    '',
    ...summary.topFunctions.map((l) => `- ${l.percent.toFixed(1)} % ${l.name}`),
    '',
  ].join('\n')
  process.stdout.write(`${text}\n`)
  writeFileSync(join(RESULTS, `${system === 'sluice' ? key : `${key}-${system}`}.md`), text)
  writeFileSync(join(RESULTS, `${system === 'sluice' ? key : `${key}-${system}`}.cpuprofile`), raw)
}
