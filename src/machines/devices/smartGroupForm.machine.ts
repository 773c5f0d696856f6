import { createFormMachine } from '../form/form.machine.ts';
import { saveSmartGroup, type SmartGroup } from '../../services/smartGroups.service.ts';
import { normalizeTags, tagsOfText, tagsText } from '../../services/schemas/deviceTags.ts';
import type { DevicePosition, DeviceStatus, DeviceType } from '../../services/schemas/deviceEnums.ts';
import { MAX_PATTERN_LENGTH, type SmartGroupRule } from '../../services/schemas/smartGroups.ts';

/** The smart group form's fields as its inputs hold them ('' for "any"). */
export type SmartGroupFields = {
  name: string;
  /** The company's id ('' until chosen); fixed once the group exists. */
  company: string;
  tags_any: string;
  tags_all: string;
  tags_none: string;
  device_type: DeviceType | '';
  position: DevicePosition | '';
  status: DeviceStatus | '';
  office: string;
  /** A department's id ('' for any): its offices and those of its sub-departments. */
  department: string;
  version_compare: 'eq' | 'older';
  version: string;
  name_pattern: string;
  serial_pattern: string;
};

export const TAG_RULE_FIELDS = ['tags_any', 'tags_all', 'tags_none'] as const;

const EMPTY: SmartGroupFields = {
  name: '', company: '', tags_any: '', tags_all: '', tags_none: '', device_type: '', position: '', status: '', office: '', department: '', version_compare: 'eq', version: '', name_pattern: '', serial_pattern: '',
};

/** The form of a new group (empty rule: every device of the company) or of `group` to edit. */
export function smartGroupFormInput(group?: SmartGroup): { id: number | null; fields: SmartGroupFields } {
  if (!group) return { id: null, fields: { ...EMPTY } };
  const rule = group.rule as SmartGroupRule;
  return {
    id: group.id,
    fields: {
      name: group.name,
      company: String(group.company),
      tags_any: tagsText(rule.tags_any ?? []),
      tags_all: tagsText(rule.tags_all ?? []),
      tags_none: tagsText(rule.tags_none ?? []),
      device_type: rule.device_type ?? '',
      position: rule.position ?? '',
      status: rule.status ?? '',
      office: rule.office ? String(rule.office) : '',
      department: rule.department ? String(rule.department) : '',
      version_compare: rule.version?.compare ?? 'eq',
      version: rule.version?.value ?? '',
      name_pattern: rule.name_pattern ?? '',
      serial_pattern: rule.serial_pattern ?? '',
    },
  };
}

/** The rule the fields say (what the preview asks about and the save sends): blank fields are left out. */
export function smartGroupRuleOf(fields: SmartGroupFields): SmartGroupRule {
  const rule: SmartGroupRule = {};
  for (const field of TAG_RULE_FIELDS) {
    const tags = tagsOfText(fields[field]);
    if (tags.length) rule[field] = tags;
  }
  if (fields.device_type) rule.device_type = fields.device_type;
  if (fields.position) rule.position = fields.position;
  if (fields.status) rule.status = fields.status;
  if (fields.office) rule.office = Number(fields.office);
  if (fields.department) rule.department = Number(fields.department);
  if (fields.version.trim()) rule.version = { compare: fields.version_compare, value: fields.version.trim() };
  if (fields.name_pattern.trim()) rule.name_pattern = fields.name_pattern.trim();
  if (fields.serial_pattern.trim()) rule.serial_pattern = fields.serial_pattern.trim();
  return rule;
}

/** A name (1-100 characters), tag lists the device rules allow, patterns of 100 characters at most. */
export function smartGroupFieldErrors(fields: SmartGroupFields): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = fields.name.trim();
  if (!name) errors.name = 'required';
  else if (name.length > 100) errors.name = 'too_long';
  if (!fields.company) errors.company = 'required';
  for (const field of TAG_RULE_FIELDS) {
    const tags = normalizeTags(tagsOfText(fields[field]));
    if (!tags.ok) errors[field] = tags.reason;
  }
  for (const field of ['name_pattern', 'serial_pattern', 'version'] as const) {
    if (fields[field].trim().length > (field === 'version' ? 64 : MAX_PATTERN_LENGTH)) errors[field] = 'too_long';
  }
  return errors;
}

/** Add or edit a smart group on /smart-groups: a name and the rule; the server answers the group with its members now. */
export const smartGroupFormMachine = createFormMachine<SmartGroupFields, SmartGroup>({
  id: 'smartGroupForm',
  validate: smartGroupFieldErrors,
  save: ({ id, fields }) =>
    saveSmartGroup(id, id === null ? { name: fields.name.trim(), company: Number(fields.company), rule: smartGroupRuleOf(fields) } : { name: fields.name.trim(), rule: smartGroupRuleOf(fields) }),
  // The server names a rule's field under `rule.` (rule.office).
  errorFieldsOf: (field) => [field, `rule.${field}`],
});
