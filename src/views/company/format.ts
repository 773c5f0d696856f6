/** The company namespace key of a refusal or failure code: its own message, else the generic saving error. */
export function companyErrorKey(code: string | null): string {
  const own = [
    'company_has_devices', 'office_has_devices', 'department_has_children', 'department_cycle', 'department_other_company',
    'unknown_company', 'unknown_department', 'unknown_campaign', 'invalid_inn', 'invalid_timezone',
  ];
  return code && own.includes(code) ? `company:errors.${code}` : 'company:messages.saveError';
}

/** The company namespace key of a field error code. */
export function fieldMessageKey(code: string): string {
  const own = ['required', 'too_long', 'out_of_range', 'invalid_format', 'invalid_checksum', 'cycle', 'other_company', 'not_found'];
  return `company:validation.${own.includes(code) ? code : 'invalid'}`;
}
