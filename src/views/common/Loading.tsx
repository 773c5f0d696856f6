import { mergeClasses } from '@fluentui/react-components';
import { useTexts } from './texts.ts';
import { useCenteredStyles } from './ErrorBoundary.styles.ts';
import { useLoadingStyles } from './Loading.styles.ts';

/** A centred busy indicator labelled "Loading…"; `fullPage` fills the viewport (before the layout exists). */
export function Loading({ fullPage = false }: { fullPage?: boolean }) {
  const { t, ready } = useTexts('common', { useSuspense: false });
  const styles = useCenteredStyles();
  const loading = useLoadingStyles();
  const label = ready ? t('loading') : 'Loading';
  return (
    <div className={mergeClasses(styles.root, fullPage && styles.fullPage)}>
      <div className={loading.column} role="progressbar" aria-label={label}>
        <div className={loading.ring} />
        {ready && <span>{label}</span>}
      </div>
    </div>
  );
}

/**
 * "Loading…" over the page while a part of it (a dialog, a menu) arrives: it takes no room and no focus, and fades in
 * only after a moment, so that a part that loads at once never flashes it.
 */
export function PartLoading() {
  const { t, ready } = useTexts('common', { useSuspense: false });
  const loading = useLoadingStyles();
  const label = ready ? t('loading') : 'Loading';
  return (
    <div className={loading.overlay}>
      <div className={mergeClasses(loading.column, loading.card)} role="progressbar" aria-label={label}>
        <div className={loading.ring} />
        {ready && <span>{label}</span>}
      </div>
    </div>
  );
}

/** The same ring at icon size, for a button whose action is under way; the button itself says what it does. */
export function BusyIcon() {
  const loading = useLoadingStyles();
  return <span className={mergeClasses(loading.ring, loading.small)} aria-hidden />;
}
