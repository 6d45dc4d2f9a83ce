/** The rule editor's scope part: which watched matches, markets or outcomes a rule looks at. */
import { useMemo } from 'react'
import { matchLabel, useWatchlists, watchedMatches } from '../review/use-watchlists'
import { Choice } from './Choice'
import { Field, TextInput } from './Field'
import { SCOPE_TYPES, type RuleFormPartProps, type ScopeType } from './rule-form'

const SCOPE_LABELS: Record<ScopeType, string> = {
  all: 'All watched matches',
  watchlist: 'One watchlist',
  match: 'One match',
  market: 'One market',
  outcome: 'One outcome',
}

export function RuleScopeFields({ form, errors, change }: RuleFormPartProps) {
  const { state: watchlists } = useWatchlists()
  const matches = useMemo(() => watchedMatches(watchlists), [watchlists])
  const input = (name: 'oddType' | 'market' | 'oddKey', placeholder: string) => (
    <TextInput form={form} name={name} onChange={change} placeholder={placeholder} />
  )
  const needsMatch = form.scopeType === 'match' || form.scopeType === 'market' || form.scopeType === 'outcome'
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
        <Field label="Match id" path="scope.matchId" errors={errors}>
          <input
            className="num"
            list="rule-match-options"
            value={form.matchId}
            onChange={(e) => change({ matchId: e.target.value })}
            placeholder="match id"
            data-testid="input-matchId"
          />
          <datalist id="rule-match-options">
            {matches.map((m) => (
              <option key={m.matchId} value={m.matchId}>
                {matchLabel(m)}
              </option>
            ))}
          </datalist>
        </Field>
      )}
      {(form.scopeType === 'market' || form.scopeType === 'outcome') && (
        <Field
          label={form.scopeType === 'market' ? 'Odd type (optional)' : 'Odd type'}
          path="scope.oddType"
          errors={errors}
        >
          {input('oddType', 'e.g. full-time')}
        </Field>
      )}
      {form.scopeType === 'market' && (
        <Field label="Market (optional)" path="scope.market" errors={errors}>
          {input('market', 'e.g. match_winner')}
        </Field>
      )}
      {form.scopeType === 'outcome' && (
        <Field label="Outcome key" path="scope.oddKey" errors={errors}>
          {input('oddKey', 'e.g. match_winner#home')}
        </Field>
      )}
    </div>
  )
}
