/** The version of this @sluice/core, checked against each plugin's `core` range (a test keeps it equal to package.json). */
export const CORE_VERSION = '0.1.0'
