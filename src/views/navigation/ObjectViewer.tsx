import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from '../app/router.tsx';
import { navigationMarkersMachine } from '../../machines/navigation/navigationMarkers.machine.ts';
import { getImage, type NavigationObject } from '../../services/navigation.service.ts';
import { errorMessageKey } from '../common/errorMessageKey.ts';
import { Loading } from '../common/Loading.tsx';
import { RouterLink } from '../common/RouterLink.tsx';
import type { StageMarker } from './LayoutStage.tsx';
import { LayoutStage } from './stages.tsx';
import { useNavigationStyles } from './Navigation.styles.ts';
import { NavigationLegend, STATUS_TOKENS } from './NavigationLegend.tsx';
import { useCanvasImage } from './markerIcons.ts';
import { tokenValue, useFetch } from './useFetch.ts';

/** An object URL of an image behind the session (layouts and photos need the JWT header). */
export function useImageUrl(link: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    setUrl(null);
    if (!link) return undefined;
    let objectUrl: string | null = null;
    let live = true;
    getImage(link)
      .then((blob) => {
        if (!live) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => undefined);
    return () => {
      live = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [link]);
  return url;
}

/** One object opened on the stage: its markers, device markers coloured by the device's live status, the legend. */
export function ObjectViewer({ object }: { object: NavigationObject }) {
  const { t } = useTranslation(['navigation', 'common']);
  const styles = useNavigationStyles();
  const navigate = useNavigate();
  const themed = useRef<HTMLDivElement>(null);
  const markers = useFetch(navigationMarkersMachine, object.id);
  const image = useCanvasImage(useImageUrl(object.layout));
  const stageMarkers = useMemo<StageMarker[]>(() => {
    // Each status's colour is read from the theme once, not once per device marker.
    const colors = new Map<string, string>();
    const statusColor = (status: keyof typeof STATUS_TOKENS) => {
      if (!colors.has(status)) colors.set(status, tokenValue(themed.current ?? document.body, STATUS_TOKENS[status]));
      return colors.get(status)!;
    };
    return (markers.data ?? []).map((m) => ({ id: m.id, kind: m.kind, x: m.x, y: m.y, color: m.kind === 'device' ? statusColor(m.device_status ?? 'offline') : m.color }));
  }, [markers.data]);
  const devices = (markers.data ?? []).filter((m) => m.kind === 'device' && m.device);
  return (
    <div ref={themed} className={styles.viewer}>
      <div>
        {markers.error ? (
          <p role="alert" className={styles.error}>
            {t('messages.loadError')}: {t(`common:${errorMessageKey(markers.error)}`)}{' '}
            <Button size="small" onClick={markers.reload}>{t('actions.retry')}</Button>
          </p>
        ) : null}
        {!image || markers.loading ? <Loading /> : null}
        <LayoutStage
          image={image}
          markers={stageMarkers}
          label={t('stage.label', { name: object.name })}
          onMarkerClick={(id) => {
            const marker = markers.data?.find((m) => m.id === id);
            if (marker?.device) navigate(`/navigation/${marker.device}`);
          }}
        />
      </div>
      <div className={styles.panel}>
        <NavigationLegend />
        <section aria-labelledby="navigation-devices">
          <h2 id="navigation-devices">{t('objects.devices', { count: devices.length })}</h2>
          <ul className={styles.markerList}>
            {devices.map((m) => (
              <li key={m.id}>
                <RouterLink to={`/navigation/${m.device}`}>{m.device_name || `#${m.device}`}</RouterLink>{' '}
                ({t(`legend.${m.device_status ?? 'offline'}`)})
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

