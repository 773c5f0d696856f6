import { useEffect, useMemo, useRef, useState } from 'react';
import { Badge, Body1, Button, Checkbox, Select, SearchBox, Title3 } from '@fluentui/react-components';
import { ArrowLeftRegular, ArrowRightRegular, ChevronLeftRegular, ChevronRightRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useTranslation } from '../../i18n.ts';
import type { CampaignDevicesActor, DeviceRow } from '../../machines/campaigns/campaignDevices.machine.ts';
import { rangeOf, selectSide, selectSideStatus, sideCount, sideRows } from '../../machines/campaigns/campaignDevices.selectors.ts';
import type { SideQuery } from '../../services/campaigns/campaigns.service.ts';
import type { CampaignSide } from '../../services/schemas/campaigns.ts';
import { Loading } from '../common/Loading.tsx';
import { useCan } from '../common/usePermission.ts';
import { useCampaignDevicesStyles } from './Campaigns.styles.ts';

const PAGE_SIZES = [50, 200, 500];
const STATUS_COLOR: Record<string, 'success' | 'danger' | 'subtle'> = { online: 'success', offline: 'danger', disabled: 'subtle' };

/** One side of the campaign devices page: search, status filter, the devices with selection (click, shift-range, all shown) and moves. */
export function DeviceSide({ editor, side }: { editor: CampaignDevicesActor; side: CampaignSide }) {
  const { t } = useTranslation(['campaigns', 'common']);
  const styles = useCampaignDevicesStyles();
  const status = useSelector(editor, selectSideStatus(side));
  const state = useSelector(editor, selectSide(side));
  const added = useSelector(editor, (s) => s.context.added);
  const removed = useSelector(editor, (s) => s.context.removed);
  const canMove = useSelector(editor, (s) => s.can({ type: 'devices.move', devices: [], to: side }));
  const canEdit = useCan('campaigns');
  const rows = useMemo(() => sideRows({ ...editor.getSnapshot().context, [side]: state, added, removed }, side), [editor, side, state, added, removed]);
  const count = useMemo(() => sideCount({ ...editor.getSnapshot().context, [side]: state, added, removed }, side), [editor, side, state, added, removed]);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const anchor = useRef<number | null>(null);
  const other: CampaignSide = side === 'participating' ? 'available' : 'participating';
  const movedIn = side === 'participating' ? added : removed;
  const titleId = `${side}-title`;

  // Devices that left this side cannot stay selected.
  useEffect(() => setSelected((current) => new Set([...current].filter((id) => rows.some((row) => row.id === id)))), [rows]);

  const query = (change: Partial<SideQuery>) => editor.send({ type: `${side}.query`, query: change } as never);
  const move = (devices: DeviceRow[]) => {
    editor.send({ type: 'devices.move', devices, to: other });
    setSelected(new Set());
  };
  const toggle = (device: DeviceRow, shift: boolean) => {
    const ids = rows.map((row) => row.id);
    setSelected((current) => {
      const next = new Set(current);
      if (shift && anchor.current !== null) for (const id of rangeOf(ids, anchor.current, device.id)) next.add(id);
      else if (next.has(device.id)) next.delete(device.id);
      else next.add(device.id);
      return next;
    });
    anchor.current = device.id;
  };
  const allSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));
  const pages = Math.max(1, Math.ceil((state.page?.count ?? 0) / state.query.page_size));
  const label = side === 'participating' ? t('devices.participating') : t('devices.available');

  return (
    <section className={styles.side} aria-labelledby={titleId}>
      <header className={styles.sideHead}>
        <Title3 as="h2" block id={titleId}>
          {label}
        </Title3>
        <Body1>{t('devices.count', { count })}</Body1>
      </header>
      <div className={styles.filters}>
        <SearchBox className={styles.search} aria-label={`${label}: ${t('devices.search')}`} placeholder={t('devices.search')} onChange={(_, data) => query({ search: data.value })} />
        <Select className={styles.status} aria-label={`${label}: ${t('devices.status')}`} onChange={(_, data) => query({ status: (data.value || undefined) as SideQuery['status'] })}>
          <option value="">{t('devices.statusAll')}</option>
          <option value="online">{t('devices.statusOnline')}</option>
          <option value="offline">{t('devices.statusOffline')}</option>
        </Select>
        {/* A longer page lets "Select all shown" take up to 500 devices in one move. */}
        <Select className={styles.status} aria-label={`${label}: ${t('devices.pageSize')}`} value={String(state.query.page_size)} onChange={(_, data) => query({ page_size: Number(data.value) })}>
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {t('devices.perPage', { count: size })}
            </option>
          ))}
        </Select>
      </div>
      {canEdit ? (
        <div className={styles.sideActions}>
          <Checkbox
            label={t('devices.selectAll')}
            checked={allSelected ? true : selected.size > 0 ? 'mixed' : false}
            disabled={rows.length === 0}
            onChange={() => setSelected(allSelected ? new Set() : new Set(rows.map((row) => row.id)))}
          />
          <Button
            appearance="primary"
            icon={side === 'participating' ? <ArrowRightRegular /> : <ArrowLeftRegular />}
            iconPosition={side === 'participating' ? 'after' : 'before'}
            disabled={selected.size === 0 || !canMove}
            onClick={() => move(rows.filter((row) => selected.has(row.id)))}
          >
            {side === 'participating' ? t('devices.removeSelected') : t('devices.addSelected')}
            {selected.size ? ` (${selected.size})` : ''}
          </Button>
        </div>
      ) : null}
      {status === 'failed' ? (
        <div className={styles.error} role="alert">
          <span>{side === 'participating' ? t('devices.participatingError') : t('devices.availableError')}</span>
          <Button onClick={() => editor.send({ type: `${side}.retry` } as never)}>{t('devices.retry')}</Button>
        </div>
      ) : status === 'loading' && !state.page ? (
        <Loading />
      ) : rows.length === 0 ? (
        <p className={styles.message}>{state.query.search || state.query.status ? t('devices.emptyFiltered') : t('devices.empty')}</p>
      ) : (
        <ul className={styles.list} aria-label={label} aria-busy={status === 'loading'}>
          {rows.map((device) => {
            const name = device.name || device.sn;
            return (
              <li key={device.id} className={device.id in movedIn ? `${styles.row} ${styles.moved}` : styles.row}>
                {canEdit ? (
                  <Checkbox
                    aria-label={t('devices.select', { name })}
                    checked={selected.has(device.id)}
                    onClick={(event) => {
                      event.preventDefault();
                      toggle(device, event.shiftKey);
                    }}
                    onKeyDown={(event) => {
                      if (event.key === ' ') {
                        event.preventDefault();
                        toggle(device, event.shiftKey);
                      }
                    }}
                  />
                ) : null}
                <div className={styles.device}>
                  <span className={styles.deviceName}>{name}</span>
                  <span className={styles.deviceSub}>
                    <span>{device.sn}</span>
                    <span>{device.office_name ?? t('devices.noOffice')}</span>
                    <Badge appearance="tint" size="small" color={STATUS_COLOR[device.status] ?? 'subtle'}>
                      {t(`status.${device.status}`, { defaultValue: device.status })}
                    </Badge>
                  </span>
                </div>
                {canEdit ? (
                  <Button
                    appearance="subtle"
                    disabled={!canMove}
                    icon={side === 'participating' ? <ArrowRightRegular /> : <ArrowLeftRegular />}
                    aria-label={side === 'participating' ? t('devices.removeOne', { name }) : t('devices.addOne', { name })}
                    onClick={() => move([device])}
                  />
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {pages > 1 ? (
        <nav className={styles.pager} aria-label={`${label}: ${t('devices.page', { page: state.query.page, pages })}`}>
          <Button icon={<ChevronLeftRegular />} aria-label={t('devices.previous')} disabled={state.query.page <= 1} onClick={() => query({ page: state.query.page - 1 })} />
          <Body1>{t('devices.page', { page: state.query.page, pages })}</Body1>
          <Button icon={<ChevronRightRegular />} aria-label={t('devices.next')} disabled={state.query.page >= pages} onClick={() => query({ page: state.query.page + 1 })} />
        </nav>
      ) : null}
    </section>
  );
}
