import { Body1 } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { PageHeader } from './PageHeader.tsx';
import { usePageTitle } from './usePageTitle.ts';

/**
 * The stand-in for a screen whose area has not shipped yet: its translated title and one sentence
 * saying the screen is being built. `screen` is a key of `titles` in the `screens` namespace.
 */
export function ScreenPlaceholder({ screen }: { screen: string }) {
  const { t } = useTranslation('screens');
  usePageTitle(`screens:titles.${screen}`);
  return (
    <section>
      <PageHeader title={t(`titles.${screen}`)} />
      <Body1 as="p">{t('building')}</Body1>
    </section>
  );
}
