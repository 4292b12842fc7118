import { startGraphQLCeiling } from './graphql-ceiling.js'

// Ceiling: graphql-jit's compiled queries over pg rows (see graphql-ceiling.ts).
await startGraphQLCeiling('jit')
