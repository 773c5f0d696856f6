import { useState } from 'react';
import { Button } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { devicePowerMachine } from '../../machines/devices/devicePower.machine.ts';
import { lazyPart } from '../common/lazyPart.tsx';
import { useCan } from '../common/usePermission.ts';
import { powerSummary } from '../company/powerSummary.ts';
import { useFetch } from '../navigation/useFetch.ts';
import type * as PowerDialog from './DevicePowerDialog.tsx';
import type { ComponentProps } from 'react';

const DevicePowerDialog = lazyPart<ComponentProps<typeof PowerDialog.DevicePowerDialog>>(() =>
  import('./DevicePowerDialog.tsx').then((m) => ({ default: m.DevicePowerDialog })),
);

/** The card's screen hours (issue 41): the hours that apply and whose they are, and "Change" for editors. */
export function DevicePowerSummary({ id, name }: { id: number; name: string }) {
  const { t, i18n } = useTranslation(['devices', 'company']);
  const power = useFetch(devicePowerMachine, id);
  const canEdit = useCan('devices');
  const [editing, setEditing] = useState(false);
  if (power.error) return <>{t('company:power.loadError')}</>;
  if (!power.data) return <>{t('list.none')}</>;
  const whose = power.data.mode === 'own' ? t('company:power.summary.own') : power.data.mode === 'office' && power.data.office_schedule ? t('company:power.summary.fromOffice') : null;
  const summary = powerSummary(power.data.effective, t, i18n.language);
  return (
    <>
      {whose ? `${summary} (${whose})` : summary}{' '}
      {canEdit ? (
        <Button size="small" appearance="subtle" aria-label={t('devices:power.changeOf', { name })} onClick={() => setEditing(true)}>
          {t('devices:power.change')}
        </Button>
      ) : null}
      {editing ? <DevicePowerDialog power={power.data} name={name} onSaved={power.reload} onClose={() => setEditing(false)} /> : null}
    </>
  );
}
