import { Button, Field, Select } from '@fluentui/react-components';
import { DismissRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { JournalActor } from '../../machines/journal/journal.machine.ts';
import { JOURNAL_ACTIONS, JOURNAL_ENTITIES } from '../../services/schemas/journal.ts';
import { DateInput } from '../common/DateInput.tsx';
import { useJournalStyles } from './Journal.styles.ts';

/** User, object, action and period filters of the journal; each change reloads from the first page. */
export function JournalFilters({ journal }: { journal: JournalActor }) {
  const { t } = useTranslation(['journal', 'common']);
  const styles = useJournalStyles();
  const filters = useSelector(journal, (s) => s.context.filters);
  const users = useSelector(journal, (s) => s.context.users);
  const periodInvalid = useSelector(journal, (s) => s.matches('periodInvalid'));
  const filter = (change: Record<string, unknown>) => journal.send({ type: 'journal.filter', filters: change });

  return (
    <div className={styles.filters} role="search" aria-label={t('filters.label')}>
      <Field label={t('filters.user')} className={styles.filter}>
        <Select value={filters.user === undefined ? '' : String(filters.user)} onChange={(_, data) => filter({ user: data.value ? Number(data.value) : undefined })}>
          <option value="">{t('filters.anyUser')}</option>
          {users.map((user) => (
            <option key={user.id} value={user.id}>
              {user.username}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('filters.entity')} className={styles.filter}>
        <Select value={filters.entity ?? ''} onChange={(_, data) => filter({ entity: data.value || undefined })}>
          <option value="">{t('filters.anyEntity')}</option>
          {JOURNAL_ENTITIES.map((entity) => (
            <option key={entity} value={entity}>
              {t(`entities.${entity}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('filters.action')} className={styles.filter}>
        <Select value={filters.action ?? ''} onChange={(_, data) => filter({ action: data.value || undefined })}>
          <option value="">{t('filters.anyAction')}</option>
          {JOURNAL_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {t(`actions.${action}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('filters.from')} className={styles.date}>
        <DateInput value={filters.from ?? ''} onChange={(value) => filter({ from: /^\d{4}-\d{2}-\d{2}$/.test(value) || !value ? value || undefined : filters.from })} />
      </Field>
      <Field label={t('filters.to')} className={styles.date} validationState={periodInvalid ? 'error' : 'none'}>
        <DateInput value={filters.to ?? ''} onChange={(value) => filter({ to: /^\d{4}-\d{2}-\d{2}$/.test(value) || !value ? value || undefined : filters.to })} />
      </Field>
      <Button icon={<DismissRegular />} onClick={() => journal.send({ type: 'journal.clear' })}>
        {t('filters.clear')}
      </Button>
      {periodInvalid ? (
        <p className={styles.periodError} role="alert">
          {t('filters.periodInvalid')}
        </p>
      ) : null}
    </div>
  );
}
