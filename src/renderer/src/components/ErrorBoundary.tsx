/**
 * Keeps a render error inside the part of the page that threw (a screen, one match's card): that
 * part shows its fallback, the rest of the app goes on, and the error is reported to main. The
 * fallback gets `retry`, which mounts the children afresh.
 */
import { Component, type ReactNode } from 'react'
import { reportFault } from '../lib/report-fault'

interface Props {
  /** Where this boundary sits, for the fault report (`screen:board`, `match:1234`). */
  where: string
  fallback: (error: Error, retry: () => void) => ReactNode
  children: ReactNode
}

export class ErrorBoundary extends Component<Props, { error: Error | null }> {
  override state = { error: null as Error | null }

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) }
  }

  override componentDidCatch(error: unknown): void {
    reportFault('render-error', error, this.props.where)
  }

  override render(): ReactNode {
    const { error } = this.state
    return error ? this.props.fallback(error, () => this.setState({ error: null })) : this.props.children
  }
}

/** The fallback of a whole screen: what failed, in words, and a way to try again. */
export function ScreenError({ name, error, retry }: { name: string; error: Error; retry: () => void }) {
  return (
    <div className="empty-state screen-error" role="alert" data-testid="screen-error">
      <p>
        The {name} screen failed: {error.message}
      </p>
      <button type="button" onClick={retry}>
        Reload this screen
      </button>
    </div>
  )
}
