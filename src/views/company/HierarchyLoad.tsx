import type { ReactNode } from 'react';
import { Button } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import type { Hierarchy } from '../../services/company.service.ts';
import { Loading } from '../common/Loading.tsx';
import { useCompanyStyles } from './Company.styles.ts';
import type { HierarchyState } from './useHierarchy.ts';

/** The hierarchy once loaded; "Cannot load companies" with a retry when the load fails. */
export function HierarchyLoad({ hierarchy, children }: { hierarchy: HierarchyState; children: (data: Hierarchy) => ReactNode }) {
  const { t } = useTranslation('company');
  const styles = useCompanyStyles();
  if (hierarchy.status === 'error') {
    return (
      <div className={styles.error} role="alert">
        {t('messages.loadFailed')}
        <Button onClick={hierarchy.reload}>{t('actions.retry')}</Button>
      </div>
    );
  }
  if (!hierarchy.data) return <Loading />;
  return <div aria-busy={hierarchy.status === 'updating'}>{children(hierarchy.data)}</div>;
}
