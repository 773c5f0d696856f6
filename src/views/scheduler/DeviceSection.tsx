import { useMemo, useState } from 'react';
import { Checkbox, Input, Label } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import type { EventOptions } from '../../services/scheduler.ts';
import { useEventFormStyles } from './EventFormDialog.styles.ts';

export interface DeviceSectionProps {
  options: EventOptions;
  selected: number[];
  onChange: (devices: number[]) => void;
  /** The translated error of the selection ("Device selection is required"), if any. */
  error: string | null;
}

/** The campaign's devices: search by name or office, select all shown, pick one by one. */
export function DeviceSection({ options, selected, onChange, error }: DeviceSectionProps) {
  const { t } = useTranslation('scheduler');
  const styles = useEventFormStyles();
  const [search, setSearch] = useState('');
  const chosen = useMemo(() => new Set(selected), [selected]);
  const needle = search.trim().toLocaleLowerCase();
  const shown = needle
    ? options.devices.filter((device) => `${device.name} ${device.office_name ?? ''}`.toLocaleLowerCase().includes(needle))
    : options.devices;
  // Without a search, "all" is every device of the campaign, also those past the listed first page.
  const all = needle ? shown.map((device) => device.id) : options.deviceIds.length ? options.deviceIds : shown.map((device) => device.id);
  const allChosen = all.length > 0 && all.every((id) => chosen.has(id));
  const someChosen = all.some((id) => chosen.has(id));

  return (
    <div className={styles.devices} role="group" aria-labelledby="event-devices-label">
      <Label id="event-devices-label" required>
        {t('form.devices', { count: selected.length })}
      </Label>
      {error ? (
        <p role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
      <div className={styles.devices}>
        <Input contentBefore={<SearchRegular />} value={search} aria-label={t('form.deviceSearch')} placeholder={t('form.deviceSearch')} onChange={(_, data) => setSearch(data.value)} />
        {options.devices.length === 0 ? (
          <p className={styles.hint}>{t('form.noDevices')}</p>
        ) : (
          <>
            <Checkbox
              label={t('form.selectAll', { count: all.length })}
              checked={allChosen ? true : someChosen ? 'mixed' : false}
              onChange={() => {
                const next = new Set(chosen);
                for (const id of all) if (allChosen) next.delete(id);
                else next.add(id);
                onChange([...next]);
              }}
            />
            <div className={styles.deviceList}>
              {shown.map((device) => (
                <Checkbox
                  key={device.id}
                  label={device.office_name ? `${device.name} · ${device.office_name}` : device.name}
                  checked={chosen.has(device.id)}
                  onChange={(_, data) => onChange(data.checked ? [...selected, device.id] : selected.filter((id) => id !== device.id))}
                />
              ))}
            </div>
            {options.deviceIds.length > options.devices.length ? <p className={styles.hint}>{t('form.moreDevices', { count: options.deviceIds.length - options.devices.length })}</p> : null}
          </>
        )}
      </div>
    </div>
  );
}
