import { Button, Caption1 } from '@fluentui/react-components';
import { ArrowDownloadRegular, DismissRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { DevicesActor } from '../../machines/devices/devices.machine.ts';
import { selectExportPercent } from '../../machines/devices/devices.selectors.ts';
import { lazyPart } from '../common/lazyPart.tsx';
import { useDevicesStyles } from './Devices.styles.ts';

function BarSpace() {
  return <div className={useDevicesStyles().exportBarSpace} />;
}

// Fluent's ProgressBar and its motions (3.5 KB) come with the first download, not with the list (issue 37); until they
// arrive its place is kept, the status text and Cancel already shown.
const ProgressBar = lazyPart(() => import('./ExportProgressBar.tsx'), <BarSpace />);

/** "Download as xlsx" of the filtered set (the server builds it), with the download's progress. */
export function ExportButton({ devices }: { devices: DevicesActor }) {
  const { t } = useTranslation('devices');
  const styles = useDevicesStyles();
  const percent = useSelector(devices, selectExportPercent);
  const progress = useSelector(devices, (s) => s.context.exportProgress);
  if (percent === null) {
    return (
      <Button icon={<ArrowDownloadRegular />} onClick={() => devices.send({ type: 'export.start' })}>
        {t('actions.download')}
      </Button>
    );
  }
  // Until the first bytes arrive the server is still writing the file: an indeterminate bar.
  const generating = !progress || progress.total === 0;
  const text = generating ? t('export.generating') : t('export.downloading', { percent });
  return (
    <div className={styles.exportBox}>
      <div className={styles.exportProgress}>
        <ProgressBar value={generating ? undefined : percent / 100} thickness="large" aria-label={t('export.progressLabel')} aria-valuetext={text} />
        <Caption1 role="status">{text}</Caption1>
      </div>
      <Button appearance="subtle" icon={<DismissRegular />} aria-label={t('actions.cancelExport')} onClick={() => devices.send({ type: 'export.cancel' })} />
    </div>
  );
}
