import { array, boolean, enums, integer, min, nullable, object, optional, size, string, type, type Infer } from 'superstruct';
import { Id, Page, requiredString } from './common.ts';
import { DEVICE_POSITIONS, DEVICE_STATUSES, DEVICE_TYPES } from './deviceEnums.ts';
import { MAX_DEVICE_TAGS } from './deviceTags.ts';

/* Smart groups (issue 41): a saved rule over a company's devices; members are computed by the server, always current. */

/** How a player version is compared: the same version, or an older one (numbers compared part by part: 1.9 < 1.10). */
export const VERSION_COMPARISONS = ['eq', 'older'] as const;
/** A name or serial pattern: `*` any run of characters, `?` one; case-insensitive; at most this long. */
export const MAX_PATTERN_LENGTH = 100;

const TagList = optional(size(array(size(string(), 0, 200)), 0, MAX_DEVICE_TAGS));
const Pattern = optional(nullable(size(string(), 0, MAX_PATTERN_LENGTH)));

/** The rule: every condition given must hold (absent or null: any). */
export const SmartGroupRule = object({
  tags_all: TagList,
  tags_any: TagList,
  tags_none: TagList,
  device_type: optional(nullable(enums(DEVICE_TYPES))),
  office: optional(nullable(Id)),
  department: optional(nullable(Id)),
  position: optional(nullable(enums(DEVICE_POSITIONS))),
  status: optional(nullable(enums(DEVICE_STATUSES))),
  version: optional(nullable(object({ compare: enums(VERSION_COMPARISONS), value: size(requiredString, 1, 64) }))),
  name_pattern: Pattern,
  serial_pattern: Pattern,
});
export type SmartGroupRule = Infer<typeof SmartGroupRule>;

/** POST /device-groups/smart/create/ */
export const SmartGroupCreateBody = object({ name: size(requiredString, 1, 100), company: optional(nullable(Id)), rule: SmartGroupRule });
export type SmartGroupCreateBody = Infer<typeof SmartGroupCreateBody>;
/** PUT /device-groups/smart/{id} */
export const SmartGroupUpdateBody = object({ name: optional(size(requiredString, 1, 100)), rule: optional(SmartGroupRule) });
export type SmartGroupUpdateBody = Infer<typeof SmartGroupUpdateBody>;
/** POST /device-groups/smart/preview/: a rule not saved yet (the company as on create). */
export const SmartGroupPreviewBody = object({ company: optional(nullable(Id)), rule: SmartGroupRule });
export type SmartGroupPreviewBody = Infer<typeof SmartGroupPreviewBody>;

export const SmartGroup = type({
  id: Id,
  name: string(),
  company: Id,
  company_name: string(),
  rule: type({}),
  /** Its members now. */
  members: min(integer(), 0),
  /** Campaigns that target it. */
  campaigns: min(integer(), 0),
  created_at: string(),
  updated_at: string(),
});
export type SmartGroup = Infer<typeof SmartGroup>;
export const SmartGroupPage = Page(SmartGroup);
export type SmartGroupPage = Infer<typeof SmartGroupPage>;

/** The preview's answer: how many devices the rule holds and the first page of them (a device list page). */
export const SmartGroupPreview = type({ count: min(integer(), 0), count_exact: boolean(), results: array(type({ id: Id, sn: string(), name: string() })) });
export type SmartGroupPreview = Infer<typeof SmartGroupPreview>;
