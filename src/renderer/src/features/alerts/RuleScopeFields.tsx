/**
 * The rule editor's scope part: which watched matches, markets or outcomes a rule looks at, picked
 * by name (teams, the feed's market and outcome labels), never typed as keys. The market and
 * outcome pickers list what the match's board shows; a rule saved for something no longer there
 * keeps it, named from its keys.
 */
import { useMemo } from 'react'
import { useBoardStore } from '../../store/board-store'
import { useWatchlists, watchedMatches } from '../review/use-watchlists'
import { Choice } from './Choice'
import { Field } from './Field'
import { SCOPE_TYPES, type RuleFormPartProps, type ScopeType } from './rule-form'
import {
  choiceKey,
  marketChoices,
  marketScopeWords,
  matchWords,
  outcomeChoices,
  outcomeScopeWords,
  type ScopeChoice,
  type ScopeSources,
} from './scope-words'

const SCOPE_LABELS: Record<ScopeType, string> = {
  all: 'All watched matches',
  watchlist: 'One watchlist',
  match: 'One match',
  market: 'One market',
  outcome: 'One outcome',
}

export function RuleScopeFields({ form, errors, change }: RuleFormPartProps) {
  const { state: watchlists } = useWatchlists()
  const layouts = useBoardStore((s) => s.layouts)
  const sources: ScopeSources = useMemo(() => ({ watchlists, layouts }), [watchlists, layouts])
  const needsMatch = form.scopeType === 'match' || form.scopeType === 'market' || form.scopeType === 'outcome'
  const matchId = Number(form.matchId)
  const hasMatch = form.matchId !== '' && Number.isSafeInteger(matchId)
  return (
    <div className="editor-fields">
      <Field label="Scope" path="scope.type" errors={errors}>
        <Choice
          value={form.scopeType}
          options={SCOPE_LABELS}
          order={SCOPE_TYPES}
          onChange={(scopeType) => change({ scopeType })}
          testId="rule-scope"
        />
      </Field>
      {form.scopeType === 'watchlist' && (
        <Field label="Watchlist" path="scope.watchlistId" errors={errors}>
          <select value={form.watchlistId} onChange={(e) => change({ watchlistId: e.target.value })}>
            <option value="">Pick a watchlist…</option>
            {watchlists.lists.map((l) => (
              <option key={l.id} value={l.id}>
                {l.name}
              </option>
            ))}
          </select>
        </Field>
      )}
      {needsMatch && (
        <Field label="Match" path="scope.matchId" errors={errors}>
          <select
            value={form.matchId}
            // Another match has other markets: what was picked for the last one is cleared.
            onChange={(e) => change({ matchId: e.target.value, oddType: '', market: '', oddKey: '' })}
            data-testid="rule-match"
          >
            <option value="">Pick a watched match…</option>
            {watchedMatches(watchlists).map((m) => (
              <option key={m.matchId} value={String(m.matchId)}>
                {`${matchWords(sources, m.matchId)} · ${m.leagueName}`}
              </option>
            ))}
            {hasMatch && !watchedMatches(watchlists).some((m) => m.matchId === matchId) && (
              <option value={form.matchId}>{`${matchWords(sources, matchId)} (not watched)`}</option>
            )}
          </select>
        </Field>
      )}
      {form.scopeType === 'market' && hasMatch && (
        <Field label="Market" path="scope.market" errors={errors}>
          <ScopePicker
            choices={marketChoices(sources, matchId)}
            current={{ oddType: form.oddType || undefined, market: form.market || undefined }}
            currentWords={() => marketScopeWords(sources, matchId, form.oddType || undefined, form.market || undefined)}
            onPick={({ oddType, market }) => change({ oddType: oddType ?? '', market: market ?? '' })}
            placeholder="Pick a market…"
            testId="rule-market"
          />
        </Field>
      )}
      {form.scopeType === 'outcome' && hasMatch && (
        <Field label="Outcome" path="scope.oddKey" errors={errors}>
          <ScopePicker
            choices={outcomeChoices(sources, matchId)}
            current={{ oddType: form.oddType, oddKey: form.oddKey }}
            currentWords={() => outcomeScopeWords(sources, matchId, form.oddType, form.oddKey)}
            onPick={({ oddType, oddKey }) => change({ oddType, oddKey })}
            placeholder="Pick an outcome…"
            testId="rule-outcome"
          />
        </Field>
      )}
    </div>
  )
}

/**
 * A select over the match's markets or outcomes by their words. The rule's own pick stays a choice
 * when the board no longer lists it; with nothing on the board yet, the select says so.
 */
function ScopePicker<T extends Record<string, string | undefined>>({
  choices,
  current,
  currentWords,
  onPick,
  placeholder,
  testId,
}: {
  choices: ScopeChoice<T>[]
  current: T
  currentWords: () => string
  onPick: (value: T) => void
  placeholder: string
  testId: string
}) {
  const currentKey = choiceKey(current)
  const picked = currentKey !== choiceKey({})
  const listed = choices.some((c) => c.key === currentKey)
  const byKey = new Map(choices.map((c) => [c.key, c.value]))
  return (
    <select
      value={picked ? currentKey : ''}
      onChange={(e) => {
        const value = byKey.get(e.target.value)
        if (value) onPick(value)
      }}
      data-testid={testId}
    >
      <option value="" disabled>
        {choices.length === 0 ? 'Nothing on the board for this match yet' : placeholder}
      </option>
      {picked && !listed && <option value={currentKey}>{currentWords()}</option>}
      {choices.map((c) => (
        <option key={c.key} value={c.key}>
          {c.label}
        </option>
      ))}
    </select>
  )
}
