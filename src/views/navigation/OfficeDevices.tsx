import { Subtitle2 } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { officeDevicesMachine } from '../../machines/navigation/officeDevices.machine.ts';
import { RouterLink } from '../common/RouterLink.tsx';
import { useNavigationStyles } from './Navigation.styles.ts';
import { useFetch } from './useFetch.ts';

/** The office's screens, each a link to its navigation editor (/navigation/{deviceId}): the way in without typing an address. */
export function OfficeDevices({ office }: { office: number }) {
  const { t } = useTranslation('navigation');
  const styles = useNavigationStyles();
  const devices = useFetch(officeDevicesMachine, office);
  const results = devices.data?.results ?? [];
  if (!devices.data) return null;
  return (
    <section aria-labelledby="office-device-maps" className={styles.deviceMaps}>
      <Subtitle2 as="h2" block id="office-device-maps">
        {t('devices.title')}
      </Subtitle2>
      {results.length ? (
        <ul className={styles.deviceMapList}>
          {results.map((device) => (
            <li key={device.id}>
              <RouterLink to={`/navigation/${device.id}`} aria-label={t('devices.editNamed', { name: device.name || device.sn })}>
                {device.name || device.sn}
              </RouterLink>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.message}>{t('devices.empty')}</p>
      )}
      {devices.data.count > results.length ? <p className={styles.message}>{t('devices.more', { count: devices.data.count - results.length })}</p> : null}
    </section>
  );
}
