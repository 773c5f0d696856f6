import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button, Text } from '@fluentui/react-components';
import { useTexts } from './texts.ts';
import { ChunkLoadError } from './lazyScreen.ts';
import { useErrorFallbackStyles } from './ErrorBoundary.styles.ts';

/** The common-namespace key of the message shown for a render or load failure. */
export function failureMessageKey(error: unknown): string {
  if (error instanceof ChunkLoadError) return error.kind === 'style' ? 'chunk.cssLoadFailed' : 'chunk.loadFailed';
  return 'errors.generic';
}

/** What a failed part of the page shows instead: the translated reason and a Reload button. */
export function ErrorFallback({ error }: { error: unknown }) {
  const { t } = useTexts();
  const styles = useErrorFallbackStyles();
  return (
    <div role="alert" className={styles.root}>
      <Text size={400} weight="semibold" className={styles.message}>
        {t(failureMessageKey(error))}
      </Text>
      <Button appearance="primary" onClick={() => window.location.reload()}>
        {t('actions.reload')}
      </Button>
    </div>
  );
}

interface ErrorBoundaryProps {
  children: ReactNode;
  /** Changing this value (e.g. the pathname) clears a caught error, so navigating away recovers. */
  resetKey?: unknown;
}

interface ErrorBoundaryState {
  error: unknown;
  resetKey: unknown;
}

/**
 * Catches render errors and failed lazy chunks below it: "Loading chunk failed" (or its style-sheet variant,
 * CSS_CHUNK_LOAD_FAILED) for chunks, "Oops. Something went wrong. Try to reload page" otherwise.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { error: error ?? new Error('unknown error') };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    if (props.resetKey !== state.resetKey) return { error: null, resetKey: props.resetKey };
    return null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('A part of the page failed', error, info.componentStack);
  }

  override render() {
    return this.state.error ? <ErrorFallback error={this.state.error} /> : this.props.children;
  }
}
