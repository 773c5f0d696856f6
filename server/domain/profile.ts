import type { Preferences } from '../../src/services/schemas/profile.ts';
import { PREFERENCE_LANGUAGES } from '../../src/services/schemas/profile.ts';
import { isThemeName } from '../../src/machines/theme.names.ts';

/** A user row's interface preferences as the profile answers them (a value no longer offered reads as not chosen). */
export function preferencesOf(row: { language: string | null; theme: string | null }): Preferences {
  return {
    language: (PREFERENCE_LANGUAGES as readonly string[]).includes(row.language ?? '') ? (row.language as Preferences['language']) : null,
    theme: isThemeName(row.theme) ? row.theme : null,
  };
}
