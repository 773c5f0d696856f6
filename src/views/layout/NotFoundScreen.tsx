import { Body1 } from '@fluentui/react-components';
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { DEFAULT_START_PATH } from '../../services/config.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useNotFoundStyles } from './NotFoundScreen.styles.ts';

/** An address that is no screen (or one this user does not get, such as Directory). */
export default function NotFoundScreen() {
  const { t } = useTranslation();
  const styles = useNotFoundStyles();
  usePageTitle('notFound.title');
  return (
    <section>
      <PageHeader title={t('notFound.title')} />
      <Body1 as="p">{t('notFound.text')}</Body1>
      <Link to={DEFAULT_START_PATH} className={styles.link}>
        {t('notFound.home')}
      </Link>
    </section>
  );
}
