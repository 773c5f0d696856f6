import { array, enums, integer, max, min, nullable, number, object, optional, pattern, size, string, type, type Infer } from 'superstruct';
import { Id, IdParam, requiredString } from './common.ts';

/** Maximum navigation file (spec section 9): 25 MB. */
export const MAX_NAVIGATION_FILE_BYTES = 26214400;
/** A marker photo: as device photos, at most 5 MB. */
export const MAX_MARKER_PHOTO_BYTES = 5 * 1024 * 1024;
/** The canvas loads a display copy no larger than this on its long side. */
export const DISPLAY_MAX_SIDE = 4096;

/** The marker kinds: the spec's icon kinds, plus `device` for a screen's own marker. */
export const MARKER_KINDS = ['device', 'none', 'toilet', 'atm', 'mother_care_room', 'disabled_room'] as const;
export type MarkerKind = (typeof MARKER_KINDS)[number];
/** The five icon kinds a person places by hand. */
export const ICON_KINDS = ['none', 'toilet', 'atm', 'mother_care_room', 'disabled_room'] as const satisfies readonly MarkerKind[];

/** A position on the layout as a fraction of its side (so a re-uploaded layout of another size keeps it). */
export const Fraction = min(max(number(), 1), 0);
/** A colour as #rrggbb. */
export const Color = pattern(string(), /^#[0-9a-fA-F]{6}$/);

const UserField = optional(nullable(min(max(integer(), 2147483647), 0)));

export const NavigationObject = type({
  id: Id,
  office: Id,
  name: string(),
  /** URL of the display copy (at most DISPLAY_MAX_SIDE px on its long side). */
  layout: string(),
  /** Size of the original image in pixels. */
  width: min(integer(), 1),
  height: min(integer(), 1),
  created_at: string(),
});
export type NavigationObject = Infer<typeof NavigationObject>;
export const NavigationObjectList = array(NavigationObject);

export const ObjectListQuery = type({ office: IdParam });
/** The text fields of PUT /navigation/objects/{id} sent as JSON (a new image comes as multipart). */
export const ObjectRenameBody = object({ name: size(requiredString, 1, 100), user: UserField });
export const ObjectName = size(requiredString, 1, 100);

export const Marker = type({
  id: Id,
  object: Id,
  kind: enums(MARKER_KINDS),
  device: nullable(Id),
  x: Fraction,
  y: Fraction,
  color: string(),
  description: string(),
  /** URL of the photo, or null. */
  photo: nullable(string()),
  /** For a device marker: the device's name and live status. */
  device_name: optional(nullable(string())),
  device_status: optional(nullable(enums(['online', 'offline', 'disabled']))),
});
export type Marker = Infer<typeof Marker>;
export const MarkerList = array(Marker);
export const MarkerListQuery = type({ object: IdParam });

const markerFields = {
  kind: enums(MARKER_KINDS),
  device: optional(nullable(Id)),
  x: Fraction,
  y: Fraction,
  color: optional(Color),
  description: optional(size(string(), 0, 1000)),
  user: UserField,
};
export const MarkerCreateBody = object({ object: Id, ...markerFields });
export type MarkerCreateBody = Infer<typeof MarkerCreateBody>;
export const MarkerUpdateBody = object({
  kind: optional(markerFields.kind),
  device: markerFields.device,
  x: optional(Fraction),
  y: optional(Fraction),
  color: markerFields.color,
  description: markerFields.description,
  /** null clears the photo (a new one comes as multipart with a `photo` part). */
  photo: optional(nullable(string())),
  user: UserField,
});
export type MarkerUpdateBody = Infer<typeof MarkerUpdateBody>;

export const Placeholder = object({ x: Fraction, y: Fraction, width: Fraction, height: Fraction });
export type Placeholder = Infer<typeof Placeholder>;

export const DeviceNavigation = type({
  device: Id,
  object: nullable(Id),
  x: Fraction,
  y: Fraction,
  comment: string(),
  placeholder: Placeholder,
  /** The markers this screen shows; null: all of the object's. */
  markers: nullable(array(Id)),
  version: min(integer(), 0),
  sent_version: min(integer(), 0),
});
export type DeviceNavigation = Infer<typeof DeviceNavigation>;

export const DeviceNavigationBody = object({
  object: optional(nullable(Id)),
  x: optional(Fraction),
  y: optional(Fraction),
  comment: optional(size(string(), 0, 2000)),
  placeholder: optional(Placeholder),
  markers: optional(nullable(size(array(Id), 0, 5000))),
  user: UserField,
});
export type DeviceNavigationBody = Infer<typeof DeviceNavigationBody>;

export const SendAnswer = type({ device: Id, sent_version: min(integer(), 1) });

/** GET /player/navigation/: what the screen shows, as last sent. */
export const PlayerNavigation = type({
  version: min(integer(), 0),
  object: nullable(type({ name: string(), layout: string(), width: integer(), height: integer() })),
  position: type({ x: Fraction, y: Fraction }),
  comment: string(),
  placeholder: Placeholder,
  markers: array(type({ id: Id, kind: enums(MARKER_KINDS), device: nullable(Id), x: Fraction, y: Fraction, color: string(), description: string(), photo: nullable(string()) })),
});
export type PlayerNavigation = Infer<typeof PlayerNavigation>;

export const DEFAULT_PLACEHOLDER: Placeholder = { x: 0.6, y: 0, width: 0.4, height: 1 };
export const DEFAULT_MARKER_COLOR = '#0f6cbd';
