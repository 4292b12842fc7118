import type { ConfigReport } from './config-report.js'
import type { ConfigPath } from './format-config-path.js'

/**
 * A report for a config nested in another (a `data-source-files` child): problems get `prefix` before their path
 * and name the file; warnings name the file. Everything lands in `parent`.
 */
export function prefixConfigReport(parent: ConfigReport, prefix: ConfigPath, file: string): ConfigReport {
  return {
    get problems() {
      return parent.problems
    },
    get warnings() {
      return parent.warnings
    },
    addProblem: (path, message) => parent.addProblem([...prefix, ...path], `${message} (in ${file})`),
    addWarning: (message) => parent.addWarning(`${file}: ${message}`),
  }
}
