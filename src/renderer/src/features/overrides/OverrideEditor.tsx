/**
 * Set or lift an override on one outcome. Steps: fill in (field errors show here, before any
 * confirm), confirm what will be sent with the jump from the served price, confirm a second time
 * when that jump is above the trader's limit (Settings), then the server's answer (or refusal) in
 * its own words.
 */
import { useState } from 'react'
import type { BoardCell } from '../../../../shared/board'
import type { OverrideCommand } from '../../../../shared/keys'
import { DEFAULT_SETTINGS } from '../../../../shared/settings'
import { BridgeCallError, call } from '../../bridge'
import { Modal } from '../../components/Modal'
import { describeError } from '../../lib/errors'
import { formatPrice } from '../../lib/format'
import { OVERRIDE_COUNTDOWN, untilAttributes } from '../../lib/live-time'
import { useCell } from '../../store/board-store'
import { nameOutcome } from '../../store/outcome-names'
import { useSettingsStore } from '../../store/settings-store'
import { closeOverrideEditor, useUiStore } from '../../store/ui-store'
import { OverrideConfirm, type ConfirmStep } from './OverrideConfirm'
import { OverrideFormStep } from './OverrideFormStep'
import { priceJump, type OverrideForm } from './override-form'

export function OverrideEditorHost() {
  const outcomeId = useUiStore((s) => s.editorOutcome)
  return outcomeId ? <OverrideEditor key={outcomeId} outcomeId={outcomeId} /> : null
}

type Step =
  | { kind: 'edit' }
  | ConfirmStep
  | { kind: 'sending' }
  | { kind: 'answered'; verdict: 'Done' | 'Refused' | 'No answer'; message: string }

function OverrideEditor({ outcomeId }: { outcomeId: string }) {
  const cell = useCell(outcomeId)
  const limitPct = useSettingsStore((s) => (s.settings ?? DEFAULT_SETTINGS).overrideConfirmAbovePct)
  const [form, setForm] = useState<OverrideForm>(() => ({
    price: cell ? formatPrice(cell.override?.value ?? cell.price) : '',
    duration: '300',
    suspended: false,
  }))
  const [step, setStep] = useState<Step>({ kind: 'edit' })
  if (!cell) return null
  const name = nameOutcome(cell)
  const send = async (command: OverrideCommand | null) => {
    setStep({ kind: 'sending' })
    const ref = { matchId: cell.matchId, oddType: cell.oddType, oddKey: cell.oddKey }
    try {
      const answer = command ? await call('overrides:set', command) : await call('overrides:lift', ref)
      setStep({ kind: 'answered', verdict: answer.ok ? 'Done' : 'Refused', message: answer.message })
    } catch (error) {
      // Lost connection: the app may have served it or not, so it is not called a refusal.
      const lost = error instanceof BridgeCallError && error.error.code === 'disconnected'
      setStep({ kind: 'answered', verdict: lost ? 'No answer' : 'Refused', message: describeError(error) })
    }
  }
  return (
    <Modal label="Override editor" testId="override-editor" onClose={closeOverrideEditor}>
      <OverrideHeading cell={cell} name={name} />
      {step.kind === 'edit' && (
        <OverrideFormStep
          cell={cell}
          form={form}
          onChange={setForm}
          onSet={(command) =>
            setStep({
              kind: 'confirm',
              command,
              jump: priceJump(cell.suspended ? null : cell.price, command.oddValue, limitPct),
              limitPct,
              asked: 1,
            })
          }
          onLift={() => setStep({ kind: 'confirm', command: null, jump: null, limitPct, asked: 1 })}
        />
      )}
      {step.kind === 'confirm' && (
        <OverrideConfirm
          // A fresh mount per ask moves the focus to Back on the second: Enter twice does not send.
          key={step.asked}
          step={step}
          name={name}
          onConfirm={() =>
            step.jump?.aboveLimit && step.asked === 1 ? setStep({ ...step, asked: 2 }) : void send(step.command)
          }
          onBack={() => setStep({ kind: 'edit' })}
        />
      )}
      {step.kind === 'sending' && <p className="muted">Sending…</p>}
      {step.kind === 'answered' && (
        <div className="answer">
          <p className={step.verdict === 'Done' ? 'ok-text' : 'error-text'} data-testid="override-answer">
            {step.verdict}: {step.message}
          </p>
          <div className="actions">
            <button type="button" onClick={() => setStep({ kind: 'edit' })}>
              Edit again
            </button>
            <button type="button" className="primary" onClick={closeOverrideEditor}>
              Close
            </button>
          </div>
        </div>
      )}
    </Modal>
  )
}

function OverrideHeading({ cell, name }: { cell: BoardCell; name: ReturnType<typeof nameOutcome> }) {
  return (
    <>
      <h2>Override</h2>
      <div className="muted">{name.match}</div>
      <div>
        {name.market} · <strong>{name.outcome}</strong> · now{' '}
        <span className="num" data-testid="override-now">
          {cell.suspended ? 'suspended' : formatPrice(cell.price)}
        </span>
      </div>
      {cell.override && (
        <div className="badge warn">
          override in force: {formatPrice(cell.override.value)}
          {cell.override.suspended ? ' (suspended)' : ''} ·{' '}
          <span {...untilAttributes(cell.override.expiresAt, OVERRIDE_COUNTDOWN)} />
        </div>
      )}
    </>
  )
}
