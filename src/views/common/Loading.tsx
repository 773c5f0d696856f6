import { Spinner, mergeClasses } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { useCenteredStyles } from './ErrorBoundary.styles.ts';

/** A centred spinner labelled "Loading…"; `fullPage` fills the viewport (before the layout exists). */
export function Loading({ fullPage = false }: { fullPage?: boolean }) {
  const { t, ready } = useTranslation('common', { useSuspense: false });
  const styles = useCenteredStyles();
  return (
    <div className={mergeClasses(styles.root, fullPage && styles.fullPage)}>
      <Spinner label={ready ? t('loading') : undefined} aria-label={ready ? undefined : 'Loading'} />
    </div>
  );
}
