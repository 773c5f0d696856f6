import { Body1, Button } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useTranslation } from '../../i18n.ts';
import { DEFAULT_PAGE_SIZE } from '../../services/config.ts';
import { usePlaylistsStyles } from './Playlists.styles.ts';

/** "Page 2 of 5, 93 playlists" with previous / next; `labelKey` is a plural key of the playlists namespace; `disabled` while busy. */
export function Pager({ page, count, labelKey, disabled = false, onPage }: { page: number; count: number; labelKey: string; disabled?: boolean; onPage: (page: number) => void }) {
  const { t } = useTranslation('playlists');
  const styles = usePlaylistsStyles();
  if (count === 0) return null;
  const pages = Math.max(1, Math.ceil(count / DEFAULT_PAGE_SIZE));
  const label = t(labelKey, { page, pages, count });
  return (
    <nav className={styles.pager} aria-label={label}>
      <Body1>{label}</Body1>
      <Button icon={<ChevronLeftRegular />} aria-label={t('actions.previous')} disabled={disabled || page <= 1} onClick={() => onPage(page - 1)} />
      <Button icon={<ChevronRightRegular />} aria-label={t('actions.next')} disabled={disabled || page >= pages} onClick={() => onPage(page + 1)} />
    </nav>
  );
}
