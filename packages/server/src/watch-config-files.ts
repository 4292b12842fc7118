import { watch, type FSWatcher } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'

/** Quiet time after the last change before the callback runs: editors write a file in several steps. */
const SETTLE_MS = 300

/**
 * Calls `onChange` once the given files have changed and settled. It watches their directories rather than the
 * files, so an editor that replaces a file (write a copy, rename it over) is seen too. `close()` stops watching.
 */
export function watchConfigFiles(files: readonly string[], onChange: () => void): { close(): void } {
  const byDirectory = new Map<string, Set<string>>()
  for (const file of files.map((f) => resolve(f))) {
    const names = byDirectory.get(dirname(file)) ?? new Set<string>()
    names.add(basename(file))
    byDirectory.set(dirname(file), names)
  }
  let timer: NodeJS.Timeout | undefined
  const changed = (): void => {
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(() => {
      timer = undefined
      onChange()
    }, SETTLE_MS)
    timer.unref()
  }
  const watchers: FSWatcher[] = []
  for (const [directory, names] of byDirectory) {
    const watcher = watch(directory, { persistent: false }, (_event, name) => {
      if (name !== null && names.has(name.toString())) changed()
    })
    watcher.on('error', () => undefined)
    watchers.push(watcher)
  }
  return {
    close() {
      if (timer !== undefined) clearTimeout(timer)
      for (const watcher of watchers) watcher.close()
    },
  }
}
