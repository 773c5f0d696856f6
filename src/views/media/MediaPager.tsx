import { Body1, Button } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { selectPageInfo } from '../../machines/media/mediaList.selectors.ts';
import { DEFAULT_PAGE_SIZE } from '../../services/config.ts';
import type { MediaListActor } from './MediaTable.tsx';
import { useMediaStyles } from './Media.styles.ts';

/** "Page 2 of 5, 93 files" with previous / next. */
export function MediaPager({ list, onPage }: { list: MediaListActor; onPage: (page: number) => void }) {
  const { t } = useTranslation('media');
  const styles = useMediaStyles();
  const { page, pages, count } = useSelector(
    list,
    (s) => selectPageInfo(s, DEFAULT_PAGE_SIZE),
    (a, b) => a.page === b.page && a.pages === b.pages && a.count === b.count,
  );
  if (count === 0) return null;
  const label = t('list.page', { page, pages, count });
  return (
    <nav className={styles.pager} aria-label={label}>
      <Body1>{label}</Body1>
      <Button icon={<ChevronLeftRegular />} aria-label={t('actions.previous')} disabled={page <= 1} onClick={() => onPage(page - 1)} />
      <Button icon={<ChevronRightRegular />} aria-label={t('actions.next')} disabled={page >= pages} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
