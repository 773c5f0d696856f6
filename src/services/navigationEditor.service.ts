import { getDevice } from './devices.service.ts';
import {
  createMarker,
  deleteMarker,
  getDeviceNavigation,
  listMarkers,
  listObjects,
  saveDeviceNavigation,
  updateMarker,
  uploadMarkerPhoto,
  type DeviceNavigation,
  type Marker,
  type NavigationObject,
} from './navigation.service.ts';
import type { Placeholder } from './schemas/navigation.ts';

/** A marker as the editor holds it: a saved one (positive id) or a new one (negative id), maybe with a photo to send. */
export type DraftMarker = Marker & { photoFile?: Blob & { name?: string } };

export interface EditorDraft {
  object: number | null;
  x: number;
  y: number;
  comment: string;
  placeholder: Placeholder;
  /** The markers this screen shows (saved ids, or a new marker's negative id until Apply creates it); null: all. */
  shown: number[] | null;
}

export interface LoadedEditor {
  navigation: DeviceNavigation;
  device: { id: number; name: string; sn: string; office: number | null; office_name: string | null };
  /** The objects of the device's office. */
  objects: NavigationObject[];
  /** Saved markers by object id (every object of the office). */
  markers: Record<number, Marker[]>;
}

async function markersOf(objects: NavigationObject[]): Promise<Record<number, Marker[]>> {
  const lists = await Promise.all(objects.map((o) => listMarkers(o.id)));
  return Object.fromEntries(objects.map((o, i) => [o.id, lists[i]!]));
}

/** Everything the device's editor shows: its map, the device, the objects of its office and their markers. */
export async function loadDeviceNavigation(deviceId: number): Promise<LoadedEditor> {
  const [navigation, device] = await Promise.all([getDeviceNavigation(deviceId), getDevice(deviceId)]);
  const objects = device.office ? await listObjects(device.office) : [];
  return {
    navigation,
    device: { id: device.id, name: device.name, sn: device.sn, office: device.office, office_name: device.office_name },
    objects,
    markers: await markersOf(objects),
  };
}

const CHANGED_FIELDS = ['kind', 'x', 'y', 'color', 'description'] as const;

/**
 * Apply: writes the marker changes of the draft's object (deleted, new, changed, photos), then the device's map
 * (object, position, comment, placeholder), and answers everything as saved.
 */
export async function applyDeviceNavigation(input: { deviceId: number; loaded: LoadedEditor; draft: EditorDraft; markers: DraftMarker[] }): Promise<LoadedEditor> {
  const { draft, markers, loaded } = input;
  const created = new Map<number, number>();
  if (draft.object !== null) {
    const saved = (loaded.markers[draft.object] ?? []).filter((m) => m.kind !== 'device');
    const kept = new Set(markers.map((m) => m.id));
    for (const gone of saved.filter((m) => !kept.has(m.id))) await deleteMarker(gone.id);
    for (const marker of markers.filter((m) => m.kind !== 'device')) {
      let id = marker.id;
      if (id < 0) {
        id = (await createMarker({ object: draft.object, kind: marker.kind, x: marker.x, y: marker.y, color: marker.color, description: marker.description })).id;
        created.set(marker.id, id);
      } else {
        const before = saved.find((m) => m.id === id);
        const patch = Object.fromEntries(CHANGED_FIELDS.filter((k) => before && before[k] !== marker[k]).map((k) => [k, marker[k]]));
        if (Object.keys(patch).length) await updateMarker(id, patch);
      }
      if (marker.photoFile) await uploadMarkerPhoto(id, marker.photoFile);
    }
  }
  const { shown, ...map } = draft;
  // New markers in the screen's choice get the ids Apply just created; null (all of the object's) stays null.
  const chosen = shown === null ? null : shown.map((id) => created.get(id) ?? id).filter((id) => id > 0);
  const navigation = await saveDeviceNavigation(input.deviceId, { ...map, markers: chosen });
  const markersByObject = { ...loaded.markers };
  if (draft.object !== null) markersByObject[draft.object] = await listMarkers(draft.object);
  return { ...loaded, navigation, markers: markersByObject };
}
