import { useEffect, useMemo } from 'react';
import { Body1, Button } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate, useParams } from '../app/router.tsx';
import { deviceConfigsDeviceMachine } from '../../machines/devices/deviceConfigsDevice.machine.ts';
import { Loading } from '../common/Loading.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { PageHeader } from '../common/PageHeader.tsx';
import { useNotify } from '../common/notify.tsx';
import { usePageTitle } from '../common/usePageTitle.ts';
import { useCan } from '../common/usePermission.ts';
import { ConfigEditor } from './ConfigEditor.tsx';
import { useDeviceConfigsStyles } from './DeviceConfigs.styles.ts';
import { configEditorLogic } from './configLogic.ts';
import { LeaveGuard } from '../common/LeaveGuard.tsx';


/** /devices/{deviceId}/configs: pick a config file of the device, edit it, save ("Config updated!"). */
export default function DeviceConfigsScreen() {
  const { t, i18n } = useTranslation(['devices', 'screens', 'common']);
  usePageTitle('screens:titles.deviceConfigs');
  const styles = useDeviceConfigsStyles();
  const navigate = useNavigate();
  const notify = useNotify();
  const deviceId = Number(useParams().deviceId);
  const canEdit = useCan('devices');
  const logic = useMemo(() => configEditorLogic.provide({ actions: { notify: (_, { intent, message }) => notify(i18n.t(message), intent) } }), [i18n, notify]);
  const editor = useActorRef(logic, { input: { deviceId } });
  const deviceActor = useActorRef(deviceConfigsDeviceMachine);
  useEffect(() => deviceActor.send({ type: 'fetch.load', params: deviceId }), [deviceActor, deviceId]);
  const device = useSelector(deviceActor, (s) => s.context.data);
  const state = useSelector(editor, (s) => (s.matches('ready') ? 'ready' : (s.value as string)));
  const dirty = useSelector(editor, (s) => s.hasTag('dirty'));
  const loadError = useSelector(editor, (s) => (s.matches('failed') ? s.context.error : null));
  const name = device ? device.name || device.sn : '';

  return (
    <section>
      <PageHeader
        title={device ? t('configs.heading', { name }) : t('screens:titles.deviceConfigs')}
        actions={
          <Button icon={<ArrowLeftRegular />} onClick={() => navigate('/devices')}>
            {t('configs.back')}
          </Button>
        }
      />
      {state === 'loading' ? <Loading /> : null}
      {state === 'failed' ? (
        <div role="alert">
          <Body1 className={styles.message}>{`${t('configs.loadError')}: ${t(`common:${errorMessageKey(loadError)}`)}`}</Body1>{' '}
          <Button onClick={() => editor.send({ type: 'config.reload' })}>{t('configs.retry')}</Button>
        </div>
      ) : null}
      {state === 'empty' ? <Body1 className={styles.message}>{t('configs.empty')}</Body1> : null}
      {state === 'ready' ? <ConfigEditor editor={editor} readOnly={!canEdit} /> : null}
      <LeaveGuard
        when={dirty}
        texts={{ title: t('configs.unsavedTitle'), text: t('configs.unsavedText'), stay: t('configs.stay'), leave: t('configs.leave') }}
      />
    </section>
  );
}
