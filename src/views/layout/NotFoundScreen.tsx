import { Body1 } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { DEFAULT_START_PATH } from '../../services/config.ts';
import { RouterLink } from '../common/RouterLink.tsx';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';

/** An address that is no screen (or one this user does not get, such as Directory). */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  usePageTitle('notFound.title');
  return (
    <section>
      <PageHeader title={t('notFound.title')} />
      <Body1 as="p">{t('notFound.text')}</Body1>
      <RouterLink to={DEFAULT_START_PATH}>
        {t('notFound.home')}
      </RouterLink>
    </section>
  );
}
