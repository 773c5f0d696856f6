import { Button, Caption1 } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { zonesTopFirst } from '../../machines/layouts/layoutEditor.selectors.ts';
import type { ZoneDraft } from '../../machines/layouts/layoutGeometry.ts';
import { useEditorStyles } from './LayoutEditor.styles.ts';

/**
 * The canvas's text alternative: every zone, top of the drawing order first, with its place, size and content, each
 * a button that selects it (so a keyboard reaches every zone without the pointer).
 */
export function ZoneList({ id, zones, selected, describe, onSelect }: { id: string; zones: ZoneDraft[]; selected: string | null; describe: (zone: ZoneDraft) => string; onSelect: (key: string) => void }) {
  const { t } = useTranslation('layouts');
  const styles = useEditorStyles();
  return (
    <div>
      <Caption1 id={id}>{t('editor.zoneCount', { count: zones.length })}</Caption1>
      <ul className={styles.zones} aria-label={t('editor.zonesLabel')}>
        {zonesTopFirst(zones).map((zone) => (
          <li key={zone.key}>
            <Button appearance={zone.key === selected ? 'primary' : 'subtle'} className={styles.zoneButton} aria-pressed={zone.key === selected} onClick={() => onSelect(zone.key)}>
              {describe(zone)}
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
