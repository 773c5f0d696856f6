import type { ReactNode } from 'react';
import { FluentProvider, type Theme } from '@fluentui/react-components';
import { useAppStyles } from './App.styles.ts';

/** The theme provider and page surface, the same for the first-page shell and the full app. */
export function AppSurface({ theme, children }: { theme: Theme; children: ReactNode }) {
  const styles = useAppStyles();
  return (
    // Fluent copies the provider's className onto portal nodes (toasts, menus): the page surface is an inner div.
    <FluentProvider theme={theme}>
      <div className={styles.root}>{children}</div>
    </FluentProvider>
  );
}
