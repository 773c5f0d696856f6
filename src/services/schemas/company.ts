import { array, boolean, coerce, integer, max, min, nullable, object, optional, pattern, size, string, type, type Infer } from 'superstruct';
import { Id, Page, requiredString } from './common.ts';

/* The company hierarchy: companies, their departments (a tree) and branch offices.
 * Request bodies are strict `object`s; response shapes are `type`s so that a newer server may add fields. */

const Text = (maxLength: number) => size(string(), 0, maxLength);
const Name = size(requiredString, 1, 200);
const UserField = optional(nullable(min(max(integer(), 2147483647), 0)));

/** An e-mail address: something@domain.tld, no spaces. Empty means none. */
export const EMAIL_PATTERN = /^(?:[^\s@]+@[^\s@]+\.[^\s@]+)?$/;
/** A web address with its scheme. Empty means none. */
export const URL_PATTERN = /^(?:https?:\/\/[^\s/?#.][^\s/?#]*\.[^\s/?#]+(?:[/?#]\S*)?)?$/i;
/** A phone number: digits with an optional leading +, spaces, dashes and brackets, 5 to 15 digits. Empty means none. */
export const PHONE_PATTERN = /^(?:\+?(?:[\s()-]*\d){5,15}[\s()-]*)?$/;
/** An INN: 10 digits (an organisation) or 12 (a person); its check digits are checked by isValidInn. Empty means none. */
export const INN_PATTERN = /^(?:\d{10}|\d{12})?$/;

const checkDigit = (digits: number[], weights: number[]) => (weights.reduce((sum, w, i) => sum + w * digits[i]!, 0) % 11) % 10;

/** Whether an INN of 10 or 12 digits carries the right check digits (empty counts as valid: the field is optional). */
export function isValidInn(inn: string): boolean {
  if (inn === '') return true;
  if (!/^(?:\d{10}|\d{12})$/.test(inn)) return false;
  const d = [...inn].map(Number);
  if (d.length === 10) return checkDigit(d, [2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[9];
  return checkDigit(d, [7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[10] && checkDigit(d, [3, 7, 2, 4, 10, 3, 5, 9, 4, 6, 8]) === d[11];
}

/** Surrounding blanks of a contact field are dropped before the format check. */
const Trimmed = <T>(struct: import('superstruct').Struct<string, T>) => coerce(struct, string(), (value) => value.trim());

const companyFields = {
  short_name: optional(Text(100)),
  description: optional(Text(1000)),
  legal_address: optional(Text(500)),
  postal_address: optional(Text(500)),
  phone: optional(Trimmed(pattern(Text(50), PHONE_PATTERN))),
  email: optional(Trimmed(pattern(Text(254), EMAIL_PATTERN))),
  url: optional(Trimmed(pattern(Text(500), URL_PATTERN))),
  person_name: optional(Text(200)),
  inn: optional(Trimmed(pattern(Text(12), INN_PATTERN))),
  contract: optional(Text(200)),
  is_active: optional(boolean()),
  video_upload_active: optional(boolean()),
  /** "Require two-factor codes": the company's users (by their groups) must set them up before anything else. */
  require_two_factor: optional(boolean()),
  /** "Also for single sign-on": sessions begun through single sign-on are held by the requirement too (default: exempt). */
  require_two_factor_sso: optional(boolean()),
  alias: optional(Text(100)),
  country: optional(Text(100)),
  city: optional(Text(100)),
  representative: optional(Text(200)),
  office_campaign: optional(nullable(Id)),
  user: UserField,
};

/** POST /companies/create/ */
export const CompanyCreateBody = object({ name: Name, ...companyFields });
export type CompanyCreateBody = Infer<typeof CompanyCreateBody>;
/** PUT /companies/{id}: any subset. */
export const CompanyUpdateBody = object({ name: optional(Name), ...companyFields });
export type CompanyUpdateBody = Infer<typeof CompanyUpdateBody>;

/** The fields of a company a form edits, in the order the form shows them. */
export const COMPANY_TEXT_FIELDS = [
  'name', 'short_name', 'alias', 'inn', 'contract', 'description', 'legal_address', 'postal_address', 'country', 'city',
  'phone', 'email', 'url', 'person_name', 'representative',
] as const;
export type CompanyTextField = (typeof COMPANY_TEXT_FIELDS)[number];

export const Company = type({
  id: Id,
  name: string(),
  short_name: string(),
  description: string(),
  legal_address: string(),
  postal_address: string(),
  phone: string(),
  email: string(),
  url: string(),
  person_name: string(),
  inn: string(),
  contract: string(),
  is_active: boolean(),
  video_upload_active: boolean(),
  /** Always sent by this server; optional so that an older answer still reads. */
  require_two_factor: optional(boolean()),
  require_two_factor_sso: optional(boolean()),
  alias: string(),
  country: string(),
  city: string(),
  representative: string(),
  office_campaign: nullable(Id),
  offices_count: min(integer(), 0),
  departments_count: min(integer(), 0),
  devices_count: min(integer(), 0),
  created_at: string(),
});
export type Company = Infer<typeof Company>;
export const CompanyPage = Page(Company);

/** PUT /companies/{id}/change-active: an absent flag toggles. */
export const CompanyActiveBody = object({ is_active: optional(boolean()), user: UserField });
/** PUT /companies/{id}/change-video-upload: an absent flag toggles. */
export const CompanyVideoUploadBody = object({ video_upload_active: optional(boolean()), user: UserField });

export const DeviceCounts = type({ online: min(integer(), 0), offline: min(integer(), 0), disabled: min(integer(), 0) });
export type DeviceCounts = Infer<typeof DeviceCounts>;

/** GET /companies/{id}/summary/: the additional info of the company page. */
export const CompanySummary = type({
  company: Id,
  devices: DeviceCounts,
  offices: array(type({ id: Id, name: string(), devices: DeviceCounts })),
  campaigns: array(type({ id: Id, name: string(), devices_count: min(integer(), 0) })),
});
export type CompanySummary = Infer<typeof CompanySummary>;

/* Departments: a tree below each company. */

const departmentFields = { description: optional(Text(1000)), parent: optional(nullable(Id)), user: UserField };
export const DepartmentCreateBody = object({ company: Id, name: Name, ...departmentFields });
export type DepartmentCreateBody = Infer<typeof DepartmentCreateBody>;
export const DepartmentUpdateBody = object({ name: optional(Name), ...departmentFields });
export type DepartmentUpdateBody = Infer<typeof DepartmentUpdateBody>;

export const Department = type({
  id: Id,
  company: Id,
  company_name: string(),
  parent: nullable(Id),
  name: string(),
  description: string(),
  offices_count: min(integer(), 0),
});
export type Department = Infer<typeof Department>;
export const DepartmentPage = Page(Department);

/** Query of GET /departments/ and GET /branch-offices/. */
export const DepartmentListQuery = type({ company: optional(coerce(Id, string(), (v) => (/^\d{1,10}$/.test(v) ? Number(v) : Number.NaN))) });

/* Branch offices: below a company, optionally inside one of its departments. */

const officeFields = {
  department: optional(nullable(Id)),
  description: optional(Text(1000)),
  address: optional(Text(500)),
  phone: optional(Trimmed(pattern(Text(50), PHONE_PATTERN))),
  email: optional(Trimmed(pattern(Text(254), EMAIL_PATTERN))),
  contact_person: optional(Text(200)),
  /** IANA zone name (`Europe/Berlin`); the server's zone when left out on create. */
  timezone: optional(size(string(), 1, 64)),
  user: UserField,
};
export const OfficeCreateBody = object({ company: Id, name: Name, ...officeFields });
export type OfficeCreateBody = Infer<typeof OfficeCreateBody>;
export const OfficeUpdateBody = object({ company: optional(Id), name: optional(Name), ...officeFields });
export type OfficeUpdateBody = Infer<typeof OfficeUpdateBody>;

export const Office = type({
  id: Id,
  company: Id,
  company_name: string(),
  department: nullable(Id),
  department_name: nullable(string()),
  name: string(),
  description: string(),
  address: string(),
  phone: string(),
  email: string(),
  contact_person: string(),
  /** IANA time zone of the office's screens (the server's zone when unset). */
  timezone: string(),
  devices: DeviceCounts,
});
export type Office = Infer<typeof Office>;
export const OfficePage = Page(Office);
export const OfficeListQuery = DepartmentListQuery;
