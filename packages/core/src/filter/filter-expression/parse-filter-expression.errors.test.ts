import { describe, expect, it } from 'vitest'
import { parseFilterExpression } from './parse-filter-expression.js'

type Mode = 'filter' | 'policy'

const MALFORMED =
  'expected a number (12.5), date (2001-01-31), datetime (2001-01-31T10:20:30Z), time (10:20:30) or GUID.'
const FUNCTIONS = 'the supported functions are contains, startswith, endswith, tolower and toupper.'

/** [expression, mode, 1-based position, the message after `Syntax error at position N in '<expression>': `] */
const cases: readonly (readonly [string, Mode, number, string])[] = [
  // empty input
  ['', 'filter', 1, "the expression is empty; write a condition such as 'id eq 1'."],
  [' \t ', 'filter', 1, "the expression is empty; write a condition such as 'id eq 1'."],
  ['', 'policy', 1, "the policy is empty; write a condition such as '@item.owner eq @claims.sub'."],
  // missing or misspelled operator
  ['id random', 'filter', 4, "expected an operator (eq, ne, gt, ge, lt, le) after 'id'."],
  ['5', 'filter', 2, "expected an operator (eq, ne, gt, ge, lt, le) after '5'."],
  ['null', 'filter', 5, "expected an operator (eq, ne, gt, ge, lt, le) after 'null'."],
  ["'a'", 'filter', 4, "expected an operator (eq, ne, gt, ge, lt, le) after 'a'."],
  [
    'NOT a eq 1',
    'filter',
    5,
    "expected an operator (eq, ne, gt, ge, lt, le) after 'NOT'; keywords are lower-case: write 'not' instead of 'NOT'.",
  ],
  ['NOT(a eq 1)', 'filter', 1, "'NOT' is not a function; keywords are lower-case: write 'not'."],
  [
    'x IN (1)',
    'filter',
    3,
    "expected an operator (eq, ne, gt, ge, lt, le) after 'x'; keywords are lower-case: write 'in' instead of 'IN'.",
  ],
  [
    'id EQ 1',
    'filter',
    4,
    "expected an operator (eq, ne, gt, ge, lt, le) after 'id'; keywords are lower-case: write 'eq' instead of 'EQ'.",
  ],
  // trailing input
  [
    'id eq 1 AND x',
    'filter',
    9,
    "unexpected 'AND' after a complete condition; keywords are lower-case: write 'and' instead of 'AND'.",
  ],
  [
    'id eq 1 x',
    'filter',
    9,
    "unexpected 'x' after a complete condition; expected 'and', 'or' or the end of the expression.",
  ],
  [
    'a eq 1 and true(',
    'filter',
    16,
    "unexpected '(' after a complete condition; expected 'and', 'or' or the end of the expression.",
  ],
  // missing operands and conditions
  ['id eq', 'filter', 6, "expected a field or value after 'eq', found the end of the expression."],
  ['id eq and', 'filter', 7, "expected a field or value after 'eq', found 'and'."],
  ['eq 1', 'filter', 1, "missing operand before 'eq'."],
  ['in (1)', 'filter', 1, "missing operand before 'in'."],
  ['and x', 'filter', 1, "expected a condition, found 'and'."],
  ['a and', 'filter', 6, "expected a condition after 'and', found the end of the expression."],
  ['a or', 'filter', 5, "expected a condition after 'or', found the end of the expression."],
  ['a and or b', 'filter', 7, "expected a condition after 'and', found 'or'."],
  ['not', 'filter', 4, "expected a condition after 'not', found the end of the expression."],
  ['not and', 'filter', 5, "expected a condition after 'not', found 'and'."],
  // case folds
  ['tolower(title)', 'filter', 15, 'expected an operator (eq, ne, gt, ge, lt, le) after tolower(…).'],
  ["tolower(5) eq 'a'", 'filter', 9, "tolower() expects a field or a string literal, found '5'."],
  ["tolower(toupper(a)) eq 'a'", 'filter', 9, "tolower() expects a field or a string literal, found 'toupper'."],
  ["tolower(a, b) eq 'a'", 'filter', 10, "expected ')' after the argument of tolower(), found ','."],
  ['tolower(a', 'filter', 8, "unbalanced parenthesis: the '(' of tolower() is never closed."],
  ["ToLower(a) eq 'x'", 'filter', 1, "unknown function 'ToLower'; function names are lower-case: write 'tolower'."],
  ["contains(tolower(5), 'a')", 'filter', 18, "tolower() expects a field or a string literal, found '5'."],
  ["contains(tolower('x'), 'a')", 'filter', 10, "contains() expects a field as its first argument, found 'tolower'."],
  ['tolower(1) in (1)', 'filter', 9, "tolower() expects a field or a string literal, found '1'."],
  ["tolower('a') in ('a')", 'filter', 1, "the left side of 'in' must be a field, found 'tolower'."],
  // functions
  [
    "startsWith(name, 'x')",
    'filter',
    1,
    "unknown function 'startsWith'; function names are lower-case: write 'startswith'.",
  ],
  ["Contains(name, 'x')", 'filter', 1, "unknown function 'Contains'; function names are lower-case: write 'contains'."],
  ["EndsWith(name, 'x')", 'filter', 1, "unknown function 'EndsWith'; function names are lower-case: write 'endswith'."],
  ["substringof('x', name)", 'filter', 1, `unknown function 'substringof'; ${FUNCTIONS}`],
  ["contain(name, 'x')", 'filter', 1, `unknown function 'contain'; ${FUNCTIONS} Did you mean 'contains'?`],
  ['x eq length(a)', 'filter', 6, `unknown function 'length'; ${FUNCTIONS}`],
  [
    "x eq contains(a, 'b')",
    'filter',
    6,
    "contains() is a condition on its own and cannot be used as a value after 'eq'.",
  ],
  ["contains('x', name)", 'filter', 10, "contains() expects a field as its first argument, found 'x'."],
  ["contains(name 'x')", 'filter', 15, "expected ',' after the first argument of contains(), found 'x'."],
  ['contains(name, 5)', 'filter', 16, "contains() expects a string literal as its second argument, found '5'."],
  ['contains(name, other)', 'filter', 16, "contains() expects a string literal as its second argument, found 'other'."],
  [
    'contains(@item.name, 5)',
    'policy',
    22,
    "contains() expects a string literal or a claim as its second argument, found '5'.",
  ],
  ["contains(name, 'x'", 'filter', 9, "unbalanced parenthesis: the '(' of contains() is never closed."],
  ["contains(name, 'x' 'y')", 'filter', 20, "expected ')' after the second argument of contains(), found 'y'."],
  ['contains()', 'filter', 10, "expected a field or value as the first argument of contains(), found ')'."],
  // strings
  [
    "name eq 'abc",
    'filter',
    9,
    "unterminated string: the quote opened here is never closed (write '' for a quote inside a string).",
  ],
  [
    "name eq 'it''s",
    'filter',
    9,
    "unterminated string: the quote opened here is never closed (write '' for a quote inside a string).",
  ],
  // parentheses
  ['(a eq 1', 'filter', 1, "unbalanced parenthesis: the '(' opened here is never closed."],
  ['((a eq 1)', 'filter', 1, "unbalanced parenthesis: the '(' opened here is never closed."],
  ['a eq 1)', 'filter', 7, "unbalanced parenthesis: this ')' has no matching '('."],
  ['(a eq 1 b)', 'filter', 9, "expected 'and', 'or' or ')', found 'b'."],
  [
    '(a eq 1 AND b)',
    'filter',
    9,
    "expected 'and', 'or' or ')', found 'AND'; keywords are lower-case: write 'and' instead of 'AND'.",
  ],
  ['()', 'filter', 2, "expected a condition after '(', found ')'."],
  [')', 'filter', 1, "expected a condition, found ')'."],
  ['(,', 'filter', 2, "expected a condition after '(', found ','."],
  // in lists
  ['x in ()', 'filter', 7, "an 'in' list needs at least one value."],
  ['x in (1,', 'filter', 9, "expected a field or value after ',', found the end of the expression."],
  ['x in (1,)', 'filter', 9, "expected a field or value after ',', found ')'."],
  ['x in (1', 'filter', 6, "unbalanced parenthesis: the '(' of the 'in' list is never closed."],
  ['x in (1 2)', 'filter', 9, "expected ',' or ')' in the 'in' list, found '2'."],
  ['x in 1', 'filter', 6, "expected '(' after 'in', found '1'."],
  ['1 in (1)', 'filter', 1, "the left side of 'in' must be a field, found '1'."],
  ['x in (y)', 'filter', 7, "an 'in' list may contain only literal values, found 'y'."],
  ['@item.x in (@claims.y)', 'policy', 13, "an 'in' list may contain only literal values, found '@claims.y'."],
  // malformed literals and stray characters
  ['x eq 12abc', 'filter', 6, `malformed literal '12abc'; ${MALFORMED}`],
  ['x eq 1.', 'filter', 6, `malformed literal '1.'; ${MALFORMED}`],
  ['x eq 10:20', 'filter', 6, `malformed literal '10:20'; ${MALFORMED}`],
  ['x eq 2001-01-31T', 'filter', 6, `malformed literal '2001-01-31T'; ${MALFORMED}`],
  ['x eq 2001-1-31', 'filter', 6, `malformed literal '2001-1-31'; ${MALFORMED}`],
  ['x eq 12345678-1234-1234-1234-1234', 'filter', 6, `malformed literal '12345678-1234-1234-1234-1234'; ${MALFORMED}`],
  ['x eq .5', 'filter', 6, "unexpected character '.'; write a leading digit, as in 0.5."],
  ['x eq - 5', 'filter', 6, "unexpected character '-'; a minus sign must be followed directly by digits (-12)."],
  ['x = 1', 'filter', 3, "unexpected character '='; compare with eq, ne, gt, ge, lt or le."],
  ['x != 1', 'filter', 3, "unexpected character '!'; negate with 'not', or compare with 'ne'."],
  ['x eq 1 && y', 'filter', 8, "unexpected character '&'; combine conditions with 'and'."],
  ['x eq 1 || y', 'filter', 8, "unexpected character '|'; combine conditions with 'or'."],
  ['x eq "a"', 'filter', 6, "unexpected character '\"'; string literals use single quotes, as in 'text'."],
  ['x eq 1\ny', 'filter', 7, 'unexpected character U+000A; only spaces and tabs may separate tokens.'],
  ['x eq 1 ; y', 'filter', 8, "unexpected character ';'."],
  ['😀😀 x', 'filter', 1, "unexpected character '😀'."],
  ['x eq 1 😀', 'filter', 8, "unexpected character '😀'."],
  ['😀 😀', 'filter', 1, "unexpected character '😀'."],
  ["'😀' eq 😀", 'filter', 8, "unexpected character '😀'."],
  // the first problem in reading order wins over a later lexical error
  ["id random 'abc", 'filter', 4, "expected an operator (eq, ne, gt, ge, lt, le) after 'id'."],
  // field and claim references by mode
  [
    'id',
    'policy',
    1,
    "bare names are not allowed in a database policy: write '@item.id' for the field 'id' (or '@claims.id' for a claim).",
  ],
  [
    'owner eq @claims.sub',
    'policy',
    1,
    "bare names are not allowed in a database policy: write '@item.owner' for the field 'owner' (or '@claims.owner' for a claim).",
  ],
  [
    '@item.owner eq sub',
    'policy',
    16,
    "bare names are not allowed in a database policy: write '@item.sub' for the field 'sub' (or '@claims.sub' for a claim).",
  ],
  [
    '@item.x eq 1',
    'filter',
    1,
    "'@item.x' can only be used in a database policy; in $filter write the field name 'x' on its own.",
  ],
  [
    '@claims.x eq id',
    'filter',
    1,
    "'@claims.x' can only be used in a database policy; $filter cannot refer to claims.",
  ],
  [
    'contains(x, @claims.x)',
    'filter',
    13,
    "'@claims.x' can only be used in a database policy; $filter cannot refer to claims.",
  ],
  [
    '@foo eq 1',
    'policy',
    1,
    "unknown reference '@foo'; write '@item.<field>' for a field or '@claims.<name>' for a claim.",
  ],
  [
    '@Item.x eq 1',
    'policy',
    1,
    "unknown reference '@Item.x'; write '@item.<field>' for a field or '@claims.<name>' for a claim.",
  ],
  ['@', 'policy', 1, "unknown reference '@'; write '@item.<field>' for a field or '@claims.<name>' for a claim."],
  ['@item. eq 1', 'policy', 1, "expected a field name after '@item.' (a letter or '_', then letters, digits or '_')."],
  [
    '@item.1x eq 1',
    'policy',
    1,
    "expected a field name after '@item.' (a letter or '_', then letters, digits or '_').",
  ],
  ['@claims. eq 1', 'policy', 1, "expected a claim name after '@claims.'."],
  ['@item.x eq @claims.a.', 'policy', 12, "the claim name in '@claims.a.' must not end with '.'."],
]

describe('parseFilterExpression errors', () => {
  it.each(cases)('rejects %j (%s mode) at position %i', (text, mode, position, detail) => {
    expect(parseFilterExpression(text, { mode })).toEqual({
      ok: false,
      message: `Syntax error at position ${position} in '${text}': ${detail}`,
      position,
    })
  })

  it('rejects input longer than 8192 characters without reading it', () => {
    const text = `x eq '${'a'.repeat(9000)}'`
    expect(parseFilterExpression(text, { mode: 'filter' })).toEqual({
      ok: false,
      message: 'The expression is too long: it has 9007 characters and at most 8192 are allowed.',
      position: 8193,
    })
  })

  it('rejects nesting deeper than 64 levels at the first level too deep', () => {
    const parens = parseFilterExpression('('.repeat(8000), { mode: 'filter' })
    expect(parens).toMatchObject({ ok: false, position: 65 })
    expect(parens.ok || parens.message).toContain(
      "the expression is nested too deeply (more than 64 levels of parentheses and 'not')",
    )
    expect(parseFilterExpression(`${'not '.repeat(65)}a`, { mode: 'filter' })).toMatchObject({
      ok: false,
      position: 257,
    })
    expect(parseFilterExpression(`${'not ('.repeat(33)}a${')'.repeat(33)}`, { mode: 'filter' })).toMatchObject({
      ok: false,
    })
  })

  it("gives an error result for '('.repeat(10000)", () => {
    expect(parseFilterExpression('('.repeat(10000), { mode: 'filter' }).ok).toBe(false)
    expect(parseFilterExpression('('.repeat(10000), { mode: 'policy' }).ok).toBe(false)
  })

  it('rejects an in list longer than 1000 values at the 1001st value', () => {
    const values = Array.from({ length: 1001 }, (_, i) => i)
    const text = `x in (${values.join(',')})`
    const result = parseFilterExpression(text, { mode: 'filter' })
    expect(result).toMatchObject({ ok: false, position: text.indexOf(',1000)') + 2 })
    expect(result.ok || result.message).toMatch(/an 'in' list may hold at most 1000 values\.$/)
  })

  it('quotes an excerpt of a long expression around the problem', () => {
    const text = `${'a eq 1 and '.repeat(40)}b eq`
    const result = parseFilterExpression(text, { mode: 'filter' })
    expect(result).toMatchObject({ ok: false, position: text.length + 1 })
    expect(result.ok || result.message).toBe(
      `Syntax error at position ${text.length + 1} in '…${text.slice(-40)}': expected a field or value after 'eq', found the end of the expression.`,
    )
  })

  it('cuts long tokens in messages', () => {
    const long = 'x'.repeat(100)
    const result = parseFilterExpression(`contains('${long}', a)`, { mode: 'filter' })
    expect(result.ok || result.message).toContain(`found '${'x'.repeat(38)}…`)
  })

  it('never throws on a non-string', () => {
    expect(parseFilterExpression(undefined as unknown as string, { mode: 'filter' })).toMatchObject({
      ok: false,
      position: 1,
    })
  })
})
