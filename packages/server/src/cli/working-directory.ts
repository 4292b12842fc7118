/** The directory the user ran `sluice` in: pnpm runs scripts from the package root and records the caller's in INIT_CWD. */
export function workingDirectory(): string {
  return process.env['INIT_CWD'] || process.cwd()
}
