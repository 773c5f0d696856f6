import { Button } from '@fluentui/react-components';
import { ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { JOURNAL_PAGE_SIZE, type JournalActor } from '../../machines/journal/journal.machine.ts';
import { changeRows, changeValueText, entityPath } from '../../machines/journal/journal.selectors.ts';
import type { JournalEntry } from '../../services/schemas/journal.ts';
import { Loading } from '../common/Loading.tsx';
import { ResponsiveList } from '../common/ResponsiveList.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { formatDateTime } from '../devices/format.ts';
import { useJournalStyles } from './Journal.styles.ts';

/** The entries of a page: when, who, what was done to which object (a link to it), and each change before and after. */
export function JournalTable({ journal }: { journal: JournalActor }) {
  const { t, i18n } = useTranslation(['journal', 'common']);
  const styles = useJournalStyles();
  const result = useSelector(journal, (s) => s.context.result);
  const failed = useSelector(journal, (s) => s.matches('failed'));
  const loading = useSelector(journal, (s) => s.hasTag('loading'));
  const error = useSelector(journal, (s) => s.context.error);
  const page = useSelector(journal, (s) => s.context.page);
  const filtered = useSelector(journal, (s) => Object.keys(s.context.filters).length > 0);

  if (failed) {
    return (
      <div className={styles.error} role="alert">
        <span>{`${t('list.loadFailed')} ${t(`common:${errorMessageKey(error)}`)}`}</span>
        <Button onClick={() => journal.send({ type: 'journal.reload' })}>{t('ui.retry')}</Button>
      </div>
    );
  }
  if (!result) return <Loading />;
  if (result.results.length === 0) return <p className={styles.message}>{filtered || page > 1 ? t('list.empty') : t('list.emptyAll')}</p>;

  const who = (entry: JournalEntry) => {
    const user = entry.username ?? (entry.user === null ? t('list.system') : t('list.removedUser', { id: entry.user }));
    return entry.via ? t('list.viaToken', { user, token: entry.via }) : user;
  };
  const what = (entry: JournalEntry) => {
    const name = `${t(`entities.${entry.entity}`, { defaultValue: entry.entity })}${entry.entity_id ? ` ${entry.entity_id}` : ''}`;
    const path = entityPath(entry);
    return path ? (
      <RouterLink to={path} aria-label={t('ui.open', { entity: t(`entities.${entry.entity}`, { defaultValue: entry.entity }), id: entry.entity_id ?? '' })}>
        {name}
      </RouterLink>
    ) : (
      name
    );
  };
  const changes = (entry: JournalEntry) => {
    const rows = changeRows(entry);
    if (rows.length === 0) return <span className={styles.none}>{t('list.noChanges')}</span>;
    return (
      <ul className={styles.changes} aria-label={t('list.changes', { count: rows.length })}>
        {rows.map(({ field, before, after }) => (
          <li key={field} className={styles.change}>
            <span className={styles.field}>{t(`fields.${field}`, { defaultValue: field })}</span>
            {': '}
            {changeValueText(before) ? <span className={styles.before}>{changeValueText(before)}</span> : <span className={styles.none}>—</span>}
            {' → '}
            <span>{changeValueText(after) || '—'}</span>
          </li>
        ))}
      </ul>
    );
  };
  const pages = Math.max(1, Math.ceil(result.count / JOURNAL_PAGE_SIZE));
  const pageText = result.count_exact ? t('ui.page', { page, pages }) : t('ui.page', { page, pages: `${pages.toLocaleString(i18n.language)}+` });

  return (
    <div aria-busy={loading}>
      <p className={styles.note} aria-live="polite">
        {t('list.count', { count: result.count })}
        {result.count_exact ? '' : '+'}
      </p>
      <ResponsiveList
        label={t('title')}
        rows={result.results}
        rowKey={(entry) => entry.id}
        title={{ id: 'when', header: t('columns.created_at'), cell: (entry) => formatDateTime(entry.created_at, i18n.language, ''), wrap: 'nowrap' }}
        columns={[
          { id: 'user', header: t('columns.username'), cell: who, wrap: 'anywhere' },
          { id: 'action', header: t('columns.action'), cell: (entry) => t(`actions.${entry.action}`, { defaultValue: entry.action }) },
          { id: 'entity', header: t('columns.entity'), cell: what, wrap: 'anywhere' },
          { id: 'changes', header: t('columns.changes'), cell: changes },
        ]}
      />
      <nav className={styles.pager} aria-label={pageText}>
        <span>{pageText}</span>
        <Button icon={<ChevronLeftRegular />} disabled={!result.previous || loading} aria-label={t('ui.previous')} onClick={() => journal.send({ type: 'journal.page', page: page - 1 })} />
        <Button icon={<ChevronRightRegular />} disabled={!result.next || loading} aria-label={t('ui.next')} onClick={() => journal.send({ type: 'journal.page', page: page + 1 })} />
      </nav>
    </div>
  );
}
