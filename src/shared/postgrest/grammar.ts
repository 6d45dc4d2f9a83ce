/**
 * The PostgREST filter grammar as the data service speaks it (field-notes.md, data-service.md):
 * the one list of operators and the one quoting rule, shared by the client's query builder and the
 * simulator's query engine so the two cannot drift apart. No node or DOM imports: every process
 * loads this.
 */

/** Comparison operators taking one value: `<col>=<op>.<value>`. */
export const COMPARISON_OPERATORS = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte'] as const
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number]

/** Pattern operators: `*` (and PostgreSQL's own `%`) match any run of characters, `_` one. */
export const PATTERN_OPERATORS = ['like', 'ilike'] as const
export type PatternOperator = (typeof PATTERN_OPERATORS)[number]

/** Every operator the grammar knows, including `in.(…)` and `is.<null|true|false|unknown>`. */
const FILTER_OPERATORS = [...COMPARISON_OPERATORS, ...PATTERN_OPERATORS, 'in', 'is'] as const
export type FilterOperator = (typeof FILTER_OPERATORS)[number]

export const IS_VALUES = ['null', 'true', 'false', 'unknown'] as const
export type IsValue = (typeof IS_VALUES)[number]

export const LOGIC_OPERATORS = ['or', 'and'] as const
export type LogicOperator = (typeof LOGIC_OPERATORS)[number]

/** The prefix that negates an operator (`id=not.lt.10`) or a logic tree (`not.or=(…)`). */
export const NEGATION_PREFIX = 'not.'

/** Query parameters of the grammar that are not column filters; each may appear once. */
export const QUERY_PARAMETERS = ['select', 'order', 'limit', 'offset'] as const
export type QueryParameter = (typeof QUERY_PARAMETERS)[number]

/** Parameters that belong to the service, not to PostgREST: the grammar ignores them. */
export const SERVICE_PARAMETERS = ['lang', 'token'] as const

export function isFilterOperator(text: string): text is FilterOperator {
  return (FILTER_OPERATORS as readonly string[]).includes(text)
}

export function isLogicOperator(text: string): text is LogicOperator {
  return (LOGIC_OPERATORS as readonly string[]).includes(text)
}

/**
 * Characters that end or split a value inside an `in.(…)` list or an `or`/`and` tree; PostgREST
 * asks for such values in double quotes. Whitespace is included because a tree skips it around
 * its punctuation, and the backslash because it is the escape character inside quotes.
 */
const NEEDS_QUOTES = /[,.:()"\\\s]/

/** A value as it must appear inside a list or a tree: quoted, with `"` and `\` escaped, when needed. */
export function quoteListValue(text: string): string {
  if (text !== '' && !NEEDS_QUOTES.test(text)) return text
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`
}

/**
 * A column reference: a name, optionally followed by JSON path steps (`score->current`,
 * `score->>display`, `sub_teams->0`). `->>` (text) may only be the last step.
 */
export const COLUMN_REFERENCE = /^[A-Za-z_][A-Za-z0-9_]*(?:->[A-Za-z0-9_]+)*(?:->>[A-Za-z0-9_]+)?$/
