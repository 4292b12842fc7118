/**
 * How the config verbs report, in Data API builder's CLI line format: `info:` and `warn:` lines on stdout, `fail:`
 * lines on stderr. Scripts written against `dab` can look for the same message texts.
 */
export interface CliOutput {
  info(message: string): void
  warn(message: string): void
  fail(message: string): void
}

export function createCliOutput(
  stdout: NodeJS.WritableStream = process.stdout,
  stderr: NodeJS.WritableStream = process.stderr,
): CliOutput {
  return {
    info: (message) => {
      stdout.write(`info: ${message}\n`)
    },
    warn: (message) => {
      stdout.write(`warn: ${message}\n`)
    },
    fail: (message) => {
      stderr.write(`fail: ${message}\n`)
    },
  }
}
