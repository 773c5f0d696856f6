import { enums, nullable, object, optional, refine, type Infer } from 'superstruct';
import { THEME_NAMES } from '../../machines/theme.names.ts';

/** The interface languages a user may keep on the server (the panel's, src/i18n.ts). */
export const PREFERENCE_LANGUAGES = ['en', 'ru'] as const;

/** A user's interface preferences as the server keeps them: null until chosen. */
export const Preferences = object({
  language: nullable(enums(PREFERENCE_LANGUAGES)),
  theme: nullable(enums(THEME_NAMES)),
});
export type Preferences = Infer<typeof Preferences>;

/** PUT /users/profile/: either or both; null forgets a choice. */
export const PreferencesBody = refine(
  object({ language: optional(nullable(enums(PREFERENCE_LANGUAGES))), theme: optional(nullable(enums(THEME_NAMES))) }),
  'preferences',
  (value) => value.language !== undefined || value.theme !== undefined || 'Send language, theme or both.',
);
export type PreferencesBody = Infer<typeof PreferencesBody>;
