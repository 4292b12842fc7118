/** Reported by `GET /` and `sluice --version` (a test keeps it equal to package.json). */
export const SERVER_VERSION = '0.1.0'
