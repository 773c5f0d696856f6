/** The largest id the API stores (PostgreSQL integer). */
const MAX_ID = 2_147_483_647;

/**
 * Whether every `...Id` parameter of a route (`deviceId`, `mediaId`, `campaignId` ...) is an id the API could hold:
 * a positive integer in decimal digits. An address with another value is no page, and asks the API nothing.
 */
export function routeIdsValid(params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(params).every(([name, value]) => !name.endsWith('Id') || (value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= MAX_ID));
}
