import type { AlertOverview, AlertSettings } from '../../services/webhooks.service.ts';

export type AlertOffice = AlertOverview['offices'][number];

/** One row of the alert settings list: a company's settings (office null), or an office's override of them. */
export interface AlertRow {
  key: string;
  company: { id: number; name: string };
  office: AlertOffice | null;
  /** The stored settings; null for a company that has none (the defaults apply). */
  stored: AlertSettings | null;
  /** The company's stored settings (what an office inherits). */
  companySettings: AlertSettings | null;
}

/** Every company, by name, with its settings, each followed by the offices that override them. */
export function alertRows(overview: AlertOverview | null): AlertRow[] {
  if (!overview) return [];
  const rows: AlertRow[] = [];
  const companies = [...overview.companies].sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  for (const company of companies) {
    const own = overview.settings.find((row) => row.company === company.id && row.office === null) ?? null;
    rows.push({ key: `c${company.id}`, company, office: null, stored: own, companySettings: own });
    const overrides = overview.settings
      .filter((row) => row.company === company.id && row.office !== null)
      .map((row) => ({ row, office: overview.offices.find((office) => office.id === row.office) }))
      .filter((entry): entry is { row: AlertSettings; office: AlertOffice } => entry.office !== undefined)
      .sort((a, b) => a.office.name.localeCompare(b.office.name) || a.office.id - b.office.id);
    for (const { row, office } of overrides) rows.push({ key: `o${office.id}`, company, office, stored: row, companySettings: own });
  }
  return rows;
}

/** The offices of a company that have no override yet (those an override can be added for). */
export function officesWithoutOverride(overview: AlertOverview | null, company: number): AlertOffice[] {
  if (!overview) return [];
  const taken = new Set(overview.settings.filter((row) => row.company === company && row.office !== null).map((row) => row.office));
  return overview.offices.filter((office) => office.company === company && !taken.has(office.id)).sort((a, b) => a.name.localeCompare(b.name));
}
