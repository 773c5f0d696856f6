import { t } from '../i18n.ts';
import { nextPaint, widgetRoot, type DatasetTable, type WidgetEnv, type WidgetHandle, type WidgetSpec } from './types.ts';

type TableSpec = Extract<WidgetSpec, { kind: 'data_table' }>;

/** The columns shown (by name, case-insensitive, in the settings' order; all when none is named) as indexes. */
export function shownColumns(table: DatasetTable, names: string[]): number[] {
  if (names.length === 0) return table.columns.map((_, index) => index);
  const byName = new Map(table.columns.map((column, index) => [column.name.toLowerCase(), index]));
  return names.map((name) => byName.get(name.toLowerCase())).filter((index): index is number => index !== undefined);
}

const cellText = (value: string | number | null | undefined, format: Intl.NumberFormat) => (value === null || value === undefined ? '' : typeof value === 'number' ? format.format(value) : value);

/**
 * Data table (issue 38): the dataset's rows, `rows_per_page` at a time, the next page every `page_seconds`, the chosen
 * columns in their order under a header in its colours. The table comes from the kept copy (offline too) and is read again
 * only when the zone's `data.checksum` changes; a new table shows at once, from the page it was on (the first when that
 * page no longer exists). Rows share the zone's height; text is clipped with an ellipsis, never overflowing.
 */
export function renderDataTable(element: HTMLElement, spec: TableSpec, env: WidgetEnv): WidgetHandle {
  let current = spec;
  const root = widgetRoot(element, 'data_table', spec.settings.background);
  root.setAttribute('role', 'region');
  root.setAttribute('aria-label', t('widgets.dataTable'));
  const table = document.createElement('table');
  Object.assign(table.style, { width: '100%', height: '100%', borderCollapse: 'collapse', tableLayout: 'fixed' });
  const head = table.createTHead();
  const body = table.createTBody();
  const empty = document.createElement('p');
  empty.className = 'widget-note';
  Object.assign(empty.style, { margin: '0', padding: '8px', color: spec.settings.color, textAlign: 'center' });
  root.append(table);
  const numbers = new Intl.NumberFormat(env.language);
  let data: DatasetTable | null = null;
  let page = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let disposed = false;
  let resolvePainted: (at: number) => void = () => undefined;
  const painted = new Promise<number>((resolve) => (resolvePainted = resolve));

  const pages = () => Math.max(1, Math.ceil((data?.rows.length ?? 0) / current.settings.rows_per_page));
  const cell = (tag: 'th' | 'td', text: string, font: number, height: number) => {
    const node = document.createElement(tag);
    node.textContent = text;
    Object.assign(node.style, { fontSize: `${font}px`, height: `${height}px`, padding: `0 ${font * 0.4}px`, overflow: 'hidden', whiteSpace: 'nowrap', textOverflow: 'ellipsis', textAlign: 'left' });
    return node;
  };

  const draw = () => {
    const settings = current.settings;
    root.style.background = settings.background ?? 'transparent';
    if (!data) {
      empty.textContent = t('widgets.dataTableEmpty');
      empty.style.fontSize = `${Math.max(8, Math.min(settings.font_size * env.scale(), root.clientHeight * 0.2 || Infinity))}px`;
      root.replaceChildren(empty);
      return;
    }
    if (!table.isConnected) root.replaceChildren(table);
    const columns = shownColumns(data, settings.columns);
    const lines = settings.rows_per_page + 1;
    const height = root.clientHeight;
    // Each of the page's rows and the header share the zone's height; the font never taller than its row.
    const rowHeight = height ? height / lines : settings.font_size * env.scale() * 1.4;
    const font = Math.max(4, Math.min(settings.font_size * env.scale(), rowHeight / 1.3));
    const header = document.createElement('tr');
    Object.assign(header.style, { background: settings.header_background, color: settings.header_color });
    for (const index of columns) header.append(cell('th', data.columns[index]!.name, font, rowHeight));
    head.replaceChildren(header);
    if (page >= pages()) page = 0;
    const rows = data.rows.slice(page * settings.rows_per_page, (page + 1) * settings.rows_per_page).map((values, at) => {
      const row = document.createElement('tr');
      row.style.color = settings.color;
      row.dataset.row = String(page * settings.rows_per_page + at);
      for (const index of columns) row.append(cell('td', cellText(values[index], numbers), font, rowHeight));
      return row;
    });
    body.replaceChildren(...rows);
    root.dataset.page = String(page + 1);
    root.dataset.pages = String(pages());
    table.setAttribute('aria-label', t('widgets.page', { page: numbers.format(page + 1), pages: numbers.format(pages()) }));
  };

  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (disposed) return;
      page = (page + 1) % pages();
      draw();
      schedule();
    }, current.settings.page_seconds * 1000);
  };

  const load = async (spec: TableSpec) => {
    const read = spec.data ? await env.dataset(spec.data).catch(() => null) : null;
    if (disposed || spec !== current) return;
    if (read) data = read;
    draw();
    void nextPaint().then(resolvePainted);
  };
  void load(spec);
  schedule();

  return {
    kind: 'data_table',
    painted,
    update(next) {
      if (next.kind !== 'data_table') return;
      const reread = next.data?.checksum !== current.data?.checksum || next.settings.dataset !== current.settings.dataset;
      current = next;
      if (reread) void load(next);
      else draw();
    },
    resize: () => draw(),
    dispose() {
      disposed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      root.remove();
    },
  };
}
