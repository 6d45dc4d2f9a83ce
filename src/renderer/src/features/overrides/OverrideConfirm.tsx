/**
 * The override editor's confirm step: what will be sent, and the jump from the served price. A jump
 * above the trader's limit is asked about twice, the second time in plain words, so a slipped digit
 * (7.77 for 1.77) is not one Enter away from the market.
 */
import type { OverrideCommand } from '../../../../shared/keys'
import { formatPct, formatPrice } from '../../lib/format'
import type { nameOutcome } from '../../store/outcome-names'
import type { PriceJump } from './override-form'

export interface ConfirmStep {
  kind: 'confirm'
  /** Null for a lift. */
  command: OverrideCommand | null
  jump: PriceJump | null
  limitPct: number
  /** 1 on the first ask; 2 on the second, shown only when the jump is above the limit. */
  asked: 1 | 2
}

export function OverrideConfirm({
  step,
  name,
  onConfirm,
  onBack,
}: {
  step: ConfirmStep
  name: ReturnType<typeof nameOutcome>
  onConfirm: () => void
  onBack: () => void
}) {
  const { command, jump } = step
  const second = step.asked === 2
  const verb = command ? 'set' : 'lift'
  return (
    <div className="confirm" data-testid="override-confirm" data-asked={step.asked}>
      <p>
        {command
          ? `Serve ${formatPrice(command.oddValue)}${command.suspended ? ' (suspended)' : ''} for ${command.durationSeconds} s on ${name.outcome} (${name.market})?`
          : `Lift the override on ${name.outcome} (${name.market}) and serve the market price again?`}
      </p>
      {command && (
        <p className={jump?.aboveLimit ? 'error-text' : 'muted'} data-testid="override-jump">
          {jump
            ? `Now ${formatPrice(jump.from)} → ${formatPrice(jump.to)} (${formatPct(jump.pct)})`
            : 'Nothing is served now (suspended): no jump to compare.'}
        </p>
      )}
      {second && jump && (
        <p className="error-text" role="alert" data-testid="override-second-ask">
          That moves the price by {formatPct(jump.pct)}, more than your {step.limitPct} % limit. Are you sure?
        </p>
      )}
      <div className="actions">
        <button type="button" className="primary" autoFocus={!second} onClick={onConfirm}>
          {second ? `Yes, ${verb} it` : `Confirm ${verb}`}
        </button>
        <button type="button" autoFocus={second} onClick={onBack}>
          Back
        </button>
      </div>
    </div>
  )
}
