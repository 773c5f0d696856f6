import { Button, Text } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DeviceBulkActor } from '../../machines/devices/deviceBulk.machine.ts';
import type { DevicesActor } from '../../machines/devices/devices.machine.ts';
import type { DeviceTagsImportActor } from '../../machines/devices/deviceTagsImport.machine.ts';
import { selectDevices, selectFilters } from '../../machines/devices/devices.selectors.ts';
import { useBulkStyles } from './Bulk.styles.ts';

/** Above the list: how many devices are ticked, ticking the page, the bulk actions' dialog and the tags import (issue 41). */
export function BulkBar({ bulk, devices, tagsImport }: { bulk: DeviceBulkActor; devices: DevicesActor; tagsImport: DeviceTagsImportActor }) {
  const { t, i18n } = useTranslation('devices');
  const styles = useBulkStyles();
  const picked = useSelector(bulk, (s) => s.context.picked);
  const idle = useSelector(bulk, (s) => s.matches('idle'));
  const shown = useSelector(devices, selectDevices);
  const filters = useSelector(devices, selectFilters);
  const matching = useSelector(devices, (s) => s.context.data?.count ?? 0);
  const pageIds = shown.map((device) => device.id);
  const pageTicked = pageIds.length > 0 && pageIds.every((id) => picked.includes(id));
  const formatted = new Intl.NumberFormat(i18n.language).format(picked.length);
  return (
    <div className={styles.bar} role="group" aria-label={t('bulk.barLabel')}>
      <Text aria-live="polite">{t('bulk.selected', { count: picked.length, formatted })}</Text>
      <Button size="small" disabled={!idle || !pageIds.length} onClick={() => bulk.send({ type: 'selection.page', ids: pageIds, on: !pageTicked })}>
        {pageTicked ? t('bulk.unselectPage') : t('bulk.selectPage')}
      </Button>
      {picked.length ? (
        <Button size="small" disabled={!idle} onClick={() => bulk.send({ type: 'selection.clear' })}>
          {t('bulk.clear')}
        </Button>
      ) : null}
      <Button size="small" disabled={!idle} onClick={() => bulk.send({ type: 'bulk.open', filters, matching })}>
        {t('bulk.open')}
      </Button>
      <Button size="small" onClick={() => tagsImport.send({ type: 'tagsImport.open' })}>
        {t('tagsImport.open')}
      </Button>
    </div>
  );
}
