import { useEffect, useMemo } from 'react';
import { Button, Checkbox, Input, Label, Spinner, Switch } from '@fluentui/react-components';
import { SearchRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { optionSearchMachine } from '../../machines/scheduler/optionSearch.machine.ts';
import { useEventFormStyles } from './EventFormDialog.styles.ts';

export interface DeviceSectionProps {
  campaign: number;
  /** Every device id of the campaign ("select all" without a search). */
  deviceIds: number[];
  selected: number[];
  onChange: (devices: number[]) => void;
  /** The translated error of the selection ("Device selection is required"), if any. */
  error: string | null;
}

/**
 * The campaign's devices, searched on the server (name, serial number, office): the chosen ones listed first, "only
 * the selected" for an edited event's devices, select all (every device of the campaign, or every match of a
 * search), pick one by one. The selection is the form's, so it is kept whatever the search shows.
 */
export function DeviceSection({ campaign, deviceIds, selected, onChange, error }: DeviceSectionProps) {
  const { t } = useTranslation('scheduler');
  const styles = useEventFormStyles();
  const picker = useActorRef(optionSearchMachine, { input: { query: { kind: 'devices', campaign, search: '', chosen: selected, onlyChosen: false } } });
  const query = useSelector(picker, (s) => s.context.query);
  const results = useSelector(picker, (s) => s.context.results);
  const count = useSelector(picker, (s) => s.context.count);
  const matchIds = useSelector(picker, (s) => s.context.matchIds);
  const busy = useSelector(picker, (s) => s.hasTag('busy'));
  const failed = useSelector(picker, (s) => s.matches('failed'));
  useEffect(() => picker.send({ type: 'search.chosen', chosen: selected }), [picker, selected]);
  const chosen = useMemo(() => new Set(selected), [selected]);
  const narrowed = query.search.trim() !== '' || query.onlyChosen;
  // Without a search, "all" is every device of the campaign; with one, every device that matches it.
  const all = narrowed ? (matchIds ?? results.map((device) => device.id)) : deviceIds;
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
      {deviceIds.length === 0 ? (
        <p className={styles.hint}>{t('form.noDevices')}</p>
      ) : (
        <div className={styles.devices}>
          <Input
            contentBefore={<SearchRegular />}
            contentAfter={busy ? <Spinner size="tiny" aria-label={t('form.searching')} /> : undefined}
            value={query.search}
            aria-label={t('form.deviceSearch')}
            placeholder={t('form.deviceSearch')}
            onChange={(_, data) => picker.send({ type: 'search.type', search: data.value })}
          />
          <Switch label={t('form.onlyChosen')} checked={query.onlyChosen} onChange={(_, data) => picker.send({ type: 'search.onlyChosen', on: data.checked })} />
          {failed ? (
            <p role="alert" className={styles.error}>
              {t('form.searchError')} <Button size="small" onClick={() => picker.send({ type: 'search.retry' })}>{t('actions.retry')}</Button>
            </p>
          ) : (
            <>
              <Checkbox
                label={t(narrowed ? 'form.selectAllFound' : 'form.selectAll', { count: all.length })}
                disabled={all.length === 0}
                checked={allChosen ? true : someChosen ? 'mixed' : false}
                onChange={() => {
                  const next = new Set(chosen);
                  for (const id of all) if (allChosen) next.delete(id);
                  else next.add(id);
                  onChange([...next]);
                }}
              />
              <div className={styles.deviceList} aria-busy={busy}>
                {results.map((device) => (
                  <Checkbox
                    key={device.id}
                    label={device.office_name ? `${device.name} · ${device.office_name}` : device.name}
                    checked={chosen.has(device.id)}
                    onChange={(_, data) => onChange(data.checked ? [...selected, device.id] : selected.filter((id) => id !== device.id))}
                  />
                ))}
              </div>
              {!busy && results.length === 0 ? <p className={styles.hint}>{t('form.noMatches')}</p> : null}
              {count > results.length ? <p className={styles.hint}>{t('form.moreDevices', { count: count - results.length })}</p> : null}
            </>
          )}
        </div>
      )}
    </div>
  );
}
