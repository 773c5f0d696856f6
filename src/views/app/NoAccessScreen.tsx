import { Body1 } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { RouterLink } from '../common/RouterLink.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';

/** A screen of an area the user's groups do not let them see (their sidebar does not offer it either). */
export default function NoAccessScreen({ home }: { home: string }) {
  const { t } = useTranslation();
  usePageTitle('noAccess.title');
  return (
    <section>
      <PageHeader title={t('noAccess.title')} />
      <Body1 as="p" role="alert">
        {t('noAccess.text')}
      </Body1>
      <RouterLink to={home}>{t('noAccess.home')}</RouterLink>
    </section>
  );
}
