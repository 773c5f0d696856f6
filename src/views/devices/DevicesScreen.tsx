import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { AddRegular, AlertUrgentRegular, ArrowSyncRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useLocation } from '../app/router.tsx';
import { currentLanguage } from '../../i18n.ts';
import type { Device } from '../../services/devices.service.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { DeviceFilters } from './DeviceFilters.tsx';
import { DeviceTable } from './DeviceTable.tsx';
import { DevicesPager, DeviceStatisticsBar } from './DevicesPager.tsx';
import { ExportButton } from './ExportButton.tsx';
import { saveBlob } from './format.ts';
import { BulkDialog, DeviceCard, DeviceFormDialog, OverrideDialog, TagsImportDialog } from './lazyDialogs.tsx';
import { BulkBar } from './BulkBar.tsx';
import { deviceBulkLogic, devicesLogic, deviceOverridesLogic, deviceTagsImportLogic } from './logic.ts';
import { listDraft } from '../../machines/devices/deviceOverrides.selectors.ts';
import { selectDevices, selectFilters } from '../../machines/devices/devices.selectors.ts';
import { OverridePanel } from './OverridePanel.tsx';

/** Filters a link may open the list with (`/devices?office=12`, from the branch offices and the company page). */
function locationFilters(search: string): { company?: number; office?: number } {
  const query = new URLSearchParams(search);
  const id = (name: string) => (/^\d{1,9}$/.test(query.get(name) ?? '') ? Number(query.get(name)) : undefined);
  const filters = { company: id('company'), office: id('office') };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/** Which dialog of the page is open. */
type Dialog = { kind: 'add' } | { kind: 'card'; device: Device } | { kind: 'edit'; device: Device } | null;

/** The fleet: statistics, search and filters, devices grouped by position, paging, xlsx, add / edit / card. */
export default function DevicesScreen() {
  const { t, i18n } = useTranslation(['devices', 'screens', 'common']);
  usePageTitle('screens:titles.devices');
  const notify = useNotify();
  const canEdit = useCan('devices');
  const logic = useMemo(
    () =>
      devicesLogic(() => currentLanguage(i18n.language)).provide({
        actions: {
          saveExport: (_, { blob }) => saveBlob(blob, i18n.t('devices:export.fileName')),
          notify: (_, { intent, message }) => notify(i18n.t(message), intent),
        },
      }),
    [i18n, notify],
  );
  const location = useLocation();
  const devices = useActorRef(logic, { input: { filters: locationFilters(location.search) } });
  const overridesLogic = useMemo(
    () => deviceOverridesLogic.provide({ actions: { notify: (_, { intent, message }) => notify(i18n.t(message), intent), changed: () => devices.send({ type: 'devices.refresh' }) } }),
    [i18n, notify, devices],
  );
  const overrides = useActorRef(overridesLogic, { input: {} });
  // A bulk action's end changes what the list shows (tags, offices, on/off): the list and its statistics load again.
  const bulkLogic = useMemo(() => deviceBulkLogic.provide({ actions: { jobEnded: () => devices.send({ type: 'devices.refresh' }) } }), [devices]);
  const bulk = useActorRef(bulkLogic);
  const tagsImportLogic = useMemo(() => deviceTagsImportLogic.provide({ actions: { imported: () => devices.send({ type: 'devices.refresh' }) } }), [devices]);
  const tagsImport = useActorRef(tagsImportLogic);
  const overrideReady = useSelector(overrides, (s) => s.matches('ready'));
  const filters = useSelector(devices, selectFilters);
  const shown = useSelector(devices, selectDevices);
  const total = useSelector(devices, (s) => s.context.data?.count ?? 0);
  const draft = listDraft(filters, shown, total);
  const targetsText = !draft
    ? ''
    : draft.targets.kind === 'devices'
      ? t('override.reach', { count: draft.screens })
      : draft.targets.kind === 'offices'
        ? t('override.targets.offices', { names: shown.find((d) => d.office === draft.targets.ids[0])?.office_name ?? `#${draft.targets.ids[0]}` })
        : t('override.targets.company', { names: shown.find((d) => d.company === draft.targets.ids[0])?.company_name ?? `#${draft.targets.ids[0]}` });
  const [dialog, setDialog] = useState<Dialog>(null);
  useEffect(() => devices.send({ type: 'devices.load' }), [devices]);

  const close = useCallback(() => setDialog(null), []);
  const saved = useCallback(
    (device: Device, created: boolean) => {
      devices.send(created ? { type: 'devices.added', device } : { type: 'devices.updated', device });
      setDialog(created ? null : { kind: 'card', device });
    },
    [devices],
  );

  return (
    <section>
      <PageHeader
        title={t('screens:titles.devices')}
        actions={
          <>
            <ExportButton devices={devices} />
            <Button icon={<ArrowSyncRegular />} onClick={() => devices.send({ type: 'devices.refresh' })}>
              {t('actions.refresh')}
            </Button>
            {canEdit ? (
              <Button icon={<AlertUrgentRegular />} disabled={!draft || !overrideReady} title={t('override.startHint')} onClick={() => draft && overrides.send({ type: 'override.compose', draft })}>
                {t('override.start')}
              </Button>
            ) : null}
            {canEdit ? (
              <Button appearance="primary" icon={<AddRegular />} onClick={() => setDialog({ kind: 'add' })}>
                {t('actions.add')}
              </Button>
            ) : null}
          </>
        }
      />
      <OverridePanel overrides={overrides} showTargets />
      <OverrideDialog overrides={overrides} targets={targetsText} />
      <DeviceStatisticsBar devices={devices} />
      <DeviceFilters devices={devices} />
      {canEdit ? <BulkBar bulk={bulk} devices={devices} tagsImport={tagsImport} /> : null}
      <DeviceTable devices={devices} overrides={overrides} bulk={canEdit ? bulk : undefined} onOpen={(device) => setDialog({ kind: 'card', device })} />
      <DevicesPager devices={devices} />
      <BulkDialog bulk={bulk} />
      <TagsImportDialog tagsImport={tagsImport} />
      {dialog?.kind === 'add' ? <DeviceFormDialog onSaved={saved} onClose={close} /> : null}
      {dialog?.kind === 'edit' ? <DeviceFormDialog device={dialog.device} onSaved={saved} onClose={() => setDialog({ kind: 'card', device: dialog.device })} /> : null}
      {dialog?.kind === 'card' ? (
        <DeviceCard
          key={dialog.device.id}
          device={dialog.device}
          onEdit={(device) => setDialog({ kind: 'edit', device })}
          onChanged={(device) => devices.send({ type: 'devices.updated', device })}
          onActivationChanged={(device) => devices.send({ type: 'devices.activationChanged', device })}
          onRemoved={(id) => {
            devices.send({ type: 'devices.removed', id });
            setDialog(null);
          }}
          onClose={close}
          onOverridesChanged={() => overrides.send({ type: 'overrides.reload' })}
        />
      ) : null}
    </section>
  );
}
