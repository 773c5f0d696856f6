import { Checkbox, Field, Input, SearchBox, Select } from '@fluentui/react-components';
import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DevicesActor } from '../../machines/devices/devices.machine.ts';
import { selectFilters, selectSearchText } from '../../machines/devices/devices.selectors.ts';
import { DEVICE_STATUSES, DEVICE_TYPES, SCHEDULE_STATES } from '../../services/schemas/devices.ts';
import { useDevicesStyles } from './Devices.styles.ts';
import { useLocationOptions } from './useDeviceFilterOptions.ts';

const idOrUndefined = (value: string) => (value ? Number(value) : undefined);

/** Search (debounced by the machine) and the status, schedule, type and location filters. */
export function DeviceFilters({ devices }: { devices: DevicesActor }) {
  const { t } = useTranslation(['devices', 'common']);
  const styles = useDevicesStyles();
  const searchText = useSelector(devices, selectSearchText);
  const filters = useSelector(devices, selectFilters);
  const { companies, offices } = useLocationOptions(filters.company);
  const filter = (change: Parameters<DevicesActor['send']>[0] & { type: 'devices.filter' }) => devices.send(change);

  return (
    <div className={styles.toolbar} role="search" aria-label={t('filters.label')}>
      <Field label={t('search.label')} className={styles.search}>
        <SearchBox
          value={searchText}
          placeholder={t('search.placeholder')}
          dismiss={{ 'aria-label': t('common:actions.clearSearch') }}
          onChange={(_, data) => devices.send({ type: 'devices.search', text: data.value })}
        />
      </Field>
      <Field label={t('filters.status')} className={styles.filter}>
        <Select value={filters.status ?? ''} onChange={(_, data) => filter({ type: 'devices.filter', filters: { status: (data.value || undefined) as never } })}>
          <option value="">{t('filters.all')}</option>
          {DEVICE_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('filters.schedule')} className={styles.filter}>
        <Select value={filters.schedule ?? ''} onChange={(_, data) => filter({ type: 'devices.filter', filters: { schedule: (data.value || undefined) as never } })}>
          <option value="">{t('filters.all')}</option>
          {SCHEDULE_STATES.map((state) => (
            <option key={state} value={state}>
              {t(`schedule.${state}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('filters.type')} className={styles.filter}>
        <Select value={filters.type ?? ''} onChange={(_, data) => filter({ type: 'devices.filter', filters: { type: (data.value || undefined) as never } })}>
          <option value="">{t('filters.all')}</option>
          {DEVICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <TagFilter devices={devices} />
      <Field label={t('filters.company')} className={styles.filter}>
        <Select
          value={filters.company ? String(filters.company) : ''}
          onChange={(_, data) => filter({ type: 'devices.filter', filters: { company: idOrUndefined(data.value), office: undefined } })}
        >
          <option value="">{t('filters.all')}</option>
          {companies.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t('filters.office')} className={styles.filter}>
        <Select value={filters.office ? String(filters.office) : ''} onChange={(_, data) => filter({ type: 'devices.filter', filters: { office: idOrUndefined(data.value) } })}>
          <option value="">{t('filters.all')}</option>
          {offices.map((office) => (
            <option key={office.id} value={office.id}>
              {filters.company ? office.name : `${office.company_name} · ${office.name}`}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
}

/**
 * The tag filter: the tags typed (comma-separated) apply on Enter or when the field is left, any of them by default or
 * all of them when the box is ticked (`tags` or `tags_all` of the list call).
 */
function TagFilter({ devices }: { devices: DevicesActor }) {
  const { t } = useTranslation('devices');
  const styles = useDevicesStyles();
  const filters = useSelector(devices, selectFilters);
  const applied = filters.tags_all ?? filters.tags ?? '';
  const [draft, setDraft] = useState<string | null>(null);
  const apply = (text: string, all: boolean) => {
    setDraft(null);
    const tags = text.trim() || undefined;
    if (tags === (all ? filters.tags_all : filters.tags) && (all ? !filters.tags : !filters.tags_all)) return;
    devices.send({ type: 'devices.filter', filters: all ? { tags: undefined, tags_all: tags } : { tags, tags_all: undefined } });
  };
  const all = filters.tags_all !== undefined;
  return (
    <div className={styles.tagFilter}>
      <Field label={t('filters.tags')} hint={t('filters.tagsHint')} className={styles.filter}>
        <Input
          value={draft ?? applied}
          onChange={(_, data) => setDraft(data.value)}
          onBlur={() => draft !== null && apply(draft, all)}
          onKeyDown={(event) => event.key === 'Enter' && apply(draft ?? applied, all)}
        />
      </Field>
      <Checkbox label={t('filters.tagsAll')} checked={all} onChange={(_, data) => apply(draft ?? applied, Boolean(data.checked))} />
    </div>
  );
}
