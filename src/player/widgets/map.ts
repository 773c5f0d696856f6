import { fitBox, showsMap, type MarkerKind } from '../../services/player/navigation.ts';
import { t } from '../i18n.ts';
import { drawMapFrame, MARKER_ICONS } from '../map.ts';
import { fitFont, nextPaint, widgetRoot, type WidgetEnv, type WidgetHandle, type WidgetSpec } from './types.ts';

type MapSpec = Extract<WidgetSpec, { kind: 'map' }>;

/**
 * This screen's map (issue 38): the device's navigation layout (as the screen keeps it for its map strip, offline too)
 * fitted into the zone with its markers and "you are here" at the device's own marker (src/player/map.ts draws them), the
 * legend (the kinds on the map) beside or under it when `legend`. A screen without a map (no marker) shows a note.
 */
export function renderMapWidget(element: HTMLElement, spec: MapSpec, env: WidgetEnv): WidgetHandle {
  let settings = spec.settings;
  const root = widgetRoot(element, 'map', '#101418');
  Object.assign(root.style, { color: '#f5f5f5' });
  let url: string | null = null;
  let drawn: unknown = undefined;
  // First paint: the map once drawn; the note only when no map comes within a second (the kept map loads from IndexedDB).
  let resolvePainted: (at: number) => void = () => undefined;
  const painted = new Promise<number>((resolve) => (resolvePainted = resolve));
  let noteTimer: ReturnType<typeof setTimeout> | null = null;
  const settle = () => {
    if (noteTimer) clearTimeout(noteTimer);
    noteTimer = null;
    void nextPaint().then(resolvePainted);
  };

  const draw = () => {
    const kept = env.map();
    drawn = kept;
    if (url) URL.revokeObjectURL(url);
    url = null;
    root.replaceChildren();
    if (!showsMap(kept)) {
      const note = document.createElement('p');
      note.className = 'widget-note';
      note.setAttribute('role', 'status');
      note.textContent = t('widgets.mapNoMarker');
      Object.assign(note.style, { position: 'absolute', inset: '0', margin: '0', display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', padding: '8px', boxSizing: 'border-box' });
      root.append(note);
      root.dataset.state = 'no_map';
      fitFont(note, Math.max(8, Math.min(28 * env.scale(), root.clientHeight * 0.15 || Infinity)));
      noteTimer ??= setTimeout(settle, 1000);
      return;
    }
    root.dataset.state = 'map';
    root.setAttribute('aria-label', t('map.label', { name: kept.map.object.name }));
    const width = root.clientWidth || 400;
    const height = root.clientHeight || 300;
    const kinds = [...new Set(kept.map.markers.filter((marker) => !(marker.kind === 'device' && marker.device === env.ownDevice())).map((marker) => marker.kind))];
    const wide = width >= height;
    const legendRoom = settings.legend ? (wide ? Math.min(width * 0.3, 260 * env.scale() + 40) : Math.min(height * 0.3, (kinds.length + 1) * 28 * env.scale() + 16)) : 0;
    const pad = Math.max(2, Math.min(width, height) * 0.03);
    const area = wide ? { x: pad, y: pad, width: width - legendRoom - 2 * pad, height: height - 2 * pad } : { x: pad, y: pad, width: width - 2 * pad, height: height - legendRoom - 2 * pad };
    const box = fitBox(kept.map.object.width, kept.map.object.height, { ...area, width: Math.max(1, area.width), height: Math.max(1, area.height) });
    const frame = document.createElement('div');
    frame.className = 'map-frame';
    Object.assign(frame.style, { position: 'absolute', left: `${box.x}px`, top: `${box.y}px`, width: `${box.width}px`, height: `${box.height}px` });
    const layout = document.createElement('img');
    layout.className = 'map-layout';
    Object.assign(layout.style, { position: 'absolute', inset: '0', width: '100%', height: '100%' });
    frame.append(layout);
    const marker = Math.max(10, Math.min(box.width, box.height) * 0.06);
    url = drawMapFrame(frame, layout, kept, env.ownDevice(), marker);
    root.append(frame);
    if (settings.legend) root.append(legend(kinds, wide, legendRoom, pad, env.scale()));
    settle();
  };

  const legend = (kinds: MarkerKind[], wide: boolean, room: number, pad: number, scale: number) => {
    const list = document.createElement('ul');
    list.className = 'widget-map-legend';
    list.setAttribute('aria-label', t('widgets.legend'));
    Object.assign(list.style, { position: 'absolute', margin: '0', padding: `${pad}px`, listStyle: 'none', overflow: 'hidden', boxSizing: 'border-box', display: 'flex', flexDirection: 'column', justifyContent: 'center', gap: `${pad / 2}px` });
    Object.assign(list.style, wide ? { right: '0', top: '0', bottom: '0', width: `${room}px` } : { left: '0', right: '0', bottom: '0', height: `${room}px` });
    const font = Math.max(8, Math.min(22 * scale, 28));
    const item = (label: string, icon: HTMLElement) => {
      const line = document.createElement('li');
      Object.assign(line.style, { display: 'flex', alignItems: 'center', gap: `${font / 2}px`, fontSize: `${font}px`, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' });
      Object.assign(icon.style, { flex: 'none', width: `${font * 1.2}px`, height: `${font * 1.2}px`, borderRadius: '50%', boxSizing: 'border-box' });
      line.append(icon, document.createTextNode(label));
      return line;
    };
    const here = document.createElement('span');
    Object.assign(here.style, { background: '#d13438', boxShadow: '0 0 0 2px #fff' });
    list.append(item(t('map.youAreHere'), here));
    for (const kind of kinds) {
      const icon = document.createElement('img');
      icon.src = MARKER_ICONS[kind];
      icon.alt = '';
      Object.assign(icon.style, { background: '#0f6cbd', padding: `${font * 0.15}px` });
      list.append(item(t(`map.kinds.${kind}`), icon));
    }
    return list;
  };

  draw();
  return {
    kind: 'map',
    painted,
    update(next) {
      if (next.kind !== 'map') return;
      const changed = next.settings.legend !== settings.legend || env.map() !== drawn;
      settings = next.settings;
      if (changed) draw();
    },
    resize: draw,
    dispose() {
      if (noteTimer) clearTimeout(noteTimer);
      noteTimer = null;
      if (url) URL.revokeObjectURL(url);
      url = null;
      root.remove();
    },
  };
}
