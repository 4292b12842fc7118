import {
  GraphQLBoolean,
  GraphQLError,
  GraphQLFloat,
  GraphQLInt,
  GraphQLScalarType,
  GraphQLString,
  Kind,
  valueFromASTUntyped,
  type ValueNode,
} from 'graphql'
import { describeValue, type ScalarType } from '@sluice/core/protocol'

/**
 * Data API builder's scalar names (Hot Chocolate 16, dab.md §4.1). Values are checked here only for their GraphQL
 * shape (a string, an integer…); core coerces them to the column type and reports bad values in its own words, as it
 * does for REST. Wide numbers (Long, Decimal) written as literals keep their digits: they travel as text.
 */
function scalar(
  name: string,
  description: string,
  accepts: (value: unknown) => boolean,
  literal: (node: ValueNode) => unknown,
): GraphQLScalarType {
  return new GraphQLScalarType({
    name,
    description,
    serialize: (value) => value,
    parseValue(value) {
      if (!accepts(value)) throw new GraphQLError(`${name} cannot represent the value ${describeValue(value)}.`)
      return value
    },
    parseLiteral(node) {
      const value = literal(node)
      if (value === undefined)
        throw new GraphQLError(`${name} cannot represent a ${node.kind} literal.`, { nodes: node })
      return value
    },
  })
}

const isString = (v: unknown): boolean => typeof v === 'string'
const stringLiteral = (node: ValueNode): unknown => (node.kind === Kind.STRING ? node.value : undefined)
const integerIn =
  (min: number, max: number) =>
  (v: unknown): boolean =>
    Number.isInteger(v) && (v as number) >= min && (v as number) <= max
const intLiteralIn =
  (min: number, max: number) =>
  (node: ValueNode): unknown => {
    if (node.kind !== Kind.INT) return undefined
    const n = Number(node.value)
    return n >= min && n <= max ? n : undefined
  }
const numberText = (node: ValueNode): unknown =>
  node.kind === Kind.INT || node.kind === Kind.FLOAT ? node.value : undefined

export const GraphQLUUID = scalar('UUID', 'A UUID as text.', isString, stringLiteral)
export const GraphQLUnsignedByte = scalar(
  'UnsignedByte',
  'An integer from 0 to 255.',
  integerIn(0, 255),
  intLiteralIn(0, 255),
)
export const GraphQLShort = scalar('Short', 'A 16-bit integer.', integerIn(-32768, 32767), intLiteralIn(-32768, 32767))
export const GraphQLLong = scalar(
  'Long',
  'A 64-bit integer; as a string when it exceeds 2^53.',
  (v) => Number.isSafeInteger(v) || (typeof v === 'string' && /^-?\d+$/.test(v)),
  (node) =>
    node.kind === Kind.INT
      ? node.value
      : node.kind === Kind.STRING && /^-?\d+$/.test(node.value)
        ? node.value
        : undefined,
)
export const GraphQLSingle = scalar(
  'Single',
  'A 32-bit floating point number.',
  (v) => typeof v === 'number' && Number.isFinite(v),
  (node) => (node.kind === Kind.INT || node.kind === Kind.FLOAT ? Number(node.value) : undefined),
)
export const GraphQLDecimal = scalar(
  'Decimal',
  'An exact decimal number; as a string to keep every digit.',
  (v) => (typeof v === 'number' && Number.isFinite(v)) || (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)),
  (node) =>
    numberText(node) ?? (node.kind === Kind.STRING && /^-?\d+(\.\d+)?$/.test(node.value) ? node.value : undefined),
)
export const GraphQLDateTime = scalar('DateTime', 'A date or date and time in ISO 8601 form.', isString, stringLiteral)
export const GraphQLLocalTime = scalar('LocalTime', 'A time of day (hh:mm:ss).', isString, stringLiteral)
export const GraphQLBase64String = scalar('Base64String', 'Binary data, Base64-encoded.', isString, stringLiteral)
export const GraphQLJSON = scalar(
  'JSON',
  'A JSON value (JSON and array columns).',
  () => true,
  (node) => valueFromASTUntyped(node),
)

/** The GraphQL scalar of a column type. */
export function graphqlScalar(type: ScalarType): GraphQLScalarType {
  switch (type) {
    case 'string':
      return GraphQLString
    case 'uuid':
      return GraphQLUUID
    case 'byte':
      return GraphQLUnsignedByte
    case 'short':
      return GraphQLShort
    case 'int':
      return GraphQLInt
    case 'long':
      return GraphQLLong
    case 'single':
      return GraphQLSingle
    case 'float':
      return GraphQLFloat
    case 'decimal':
      return GraphQLDecimal
    case 'boolean':
      return GraphQLBoolean
    case 'date':
    case 'datetime':
    case 'datetimeoffset':
      return GraphQLDateTime
    case 'time':
      return GraphQLLocalTime
    case 'bytes':
      return GraphQLBase64String
    case 'json':
    case 'array':
    case 'unknown':
      return GraphQLJSON
  }
}
