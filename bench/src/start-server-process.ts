import { spawn, type ChildProcess } from 'node:child_process'
import { fileURLToPath } from 'node:url'

/** The workspace root (where `tsx` and the `@sluice/*` packages resolve). */
export const WORKSPACE_ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Node flags that run TypeScript sources the way `pnpm start` does. */
export const TSX_NODE_ARGS = ['--conditions=@sluice/source', '--import', 'tsx'] as const

export interface ServerProcess {
  readonly pid: number
  /** Everything the process wrote to stdout and stderr so far (capped at 1 MB). */
  output(): string
  /** Resolves with the exit code (or signal name) once the process has exited. */
  readonly exited: Promise<string>
  /** SIGTERM, then SIGKILL after 5 s; resolves when the process is gone. */
  stop(): Promise<void>
}

const live = new Set<ChildProcess>()
let hooked = false

export interface StartOptions {
  /** Run the script with plain node, without tsx (prebuilt JavaScript, peers). */
  readonly tsx?: boolean
  /** The node binary (default: the one running the bench; Node 22 for peers and the Node 22 Sluice variant). */
  readonly node?: string
  /** Working directory (default: the workspace root, where tsx and the `@sluice/*` packages resolve). */
  readonly cwd?: string
  /** Extra node flags, before the script (e.g. `--cpu-prof`, which NODE_OPTIONS does not accept). */
  readonly nodeArgs?: readonly string[]
}

/**
 * Starts `node <TSX_NODE_ARGS> <script> [...args]` (plain `node <script>` with `tsx: false`) as a child of this
 * process, in the workspace root unless `cwd` says otherwise, with the given extra environment.
 */
export function startServerProcess(
  script: string,
  args: readonly string[],
  env: Readonly<Record<string, string>>,
  options: StartOptions = {},
): ServerProcess {
  hookExit()
  const nodeArgs = [...(options.nodeArgs ?? []), ...(options.tsx === false ? [] : TSX_NODE_ARGS)]
  const child = spawn(options.node ?? process.execPath, [...nodeArgs, script, ...args], {
    cwd: options.cwd ?? WORKSPACE_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  if (child.pid === undefined) throw new Error(`could not start ${script}`)
  live.add(child)
  let output = ''
  const append = (chunk: Buffer): void => {
    if (output.length < 1_000_000) output += chunk.toString('utf8')
  }
  child.stdout?.on('data', append)
  child.stderr?.on('data', append)
  const exited = new Promise<string>((resolve) => {
    child.once('exit', (code, signal) => {
      live.delete(child)
      resolve(signal ?? String(code))
    })
  })
  return {
    pid: child.pid,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000)
      await exited
      clearTimeout(timer)
    },
  }
}

/** Kills any child still running when the runner exits or is interrupted. */
function hookExit(): void {
  if (hooked) return
  hooked = true
  const killAll = (): void => {
    for (const child of live) child.kill('SIGKILL')
  }
  process.once('exit', killAll)
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      killAll()
      process.exit(130)
    })
  }
}
