import { useSelector } from '@xstate/react';
import type { DeviceOverridesActor } from '../../machines/devices/deviceOverrides.machine.ts';
import { selectComposing } from '../../machines/devices/deviceOverrides.selectors.ts';
import { lazyPart } from '../common/lazyPart.tsx';
import type { DeviceCardProps } from './DeviceCard.tsx';
import type { DeviceFormDialogProps } from './DeviceFormDialog.tsx';
import type { OverrideDialogProps } from './OverrideDialog.tsx';
import type { BulkDialogProps } from './BulkDialog.tsx';
import type { TagsImportDialogProps } from './TagsImportDialog.tsx';
import type { DeviceTagsImportActor } from '../../machines/devices/deviceTagsImport.machine.ts';
import type { DeviceBulkActor } from '../../machines/devices/deviceBulk.machine.ts';

/*
 * The dialogs of the device list, each a chunk of its own loaded when it first opens (issue 37): the card (with its
 * screenshot, playback and photo), the add/edit form and the override composer are not on the list until asked for.
 * Same names and props as the dialogs themselves.
 */

export const DeviceCard = lazyPart<DeviceCardProps>(() => import('./DeviceCard.tsx').then((m) => ({ default: m.DeviceCard })));

export const DeviceFormDialog = lazyPart<DeviceFormDialogProps>(() => import('./DeviceFormDialog.tsx').then((m) => ({ default: m.DeviceFormDialog })));

const LazyOverrideDialog = lazyPart<OverrideDialogProps>(() => import('./OverrideDialog.tsx').then((m) => ({ default: m.OverrideDialog })));

/** The override composer, loaded once the overrides actor starts composing (it draws nothing otherwise). */
export function OverrideDialog(props: { overrides: DeviceOverridesActor; targets: string }) {
  const open = useSelector(props.overrides, selectComposing);
  return open ? <LazyOverrideDialog {...props} /> : null;
}

const LazyBulkDialog = lazyPart<BulkDialogProps>(() => import('./BulkDialog.tsx').then((m) => ({ default: m.BulkDialog })));

/** The bulk action's dialog (issue 41), loaded once the flow opens it (composing, a running job found again, its outcome). */
export function BulkDialog(props: { bulk: DeviceBulkActor }) {
  const open = useSelector(props.bulk, (s) => s.hasTag('dialog'));
  return open ? <LazyBulkDialog {...props} /> : null;
}

const LazyTagsImportDialog = lazyPart<TagsImportDialogProps>(() => import('./TagsImportDialog.tsx').then((m) => ({ default: m.TagsImportDialog })));

/** The tags import's dialog (issue 41), loaded the first time it opens. */
export function TagsImportDialog(props: { tagsImport: DeviceTagsImportActor }) {
  const open = useSelector(props.tagsImport, (s) => s.hasTag('dialog'));
  return open ? <LazyTagsImportDialog {...props} /> : null;
}
