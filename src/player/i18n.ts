import en from '../../locales/en/player.json';
import ru from '../../locales/ru/player.json';

/*
 * The player's words, bundled with it (a screen restarting without its server still has them), in the browser's
 * language (or the one the panel keeps on this origin): Russian for ru*, English otherwise. Plurals by Intl.PluralRules (`key_one`, `key_few`, ...).
 */
type Tree = { [key: string]: string | Tree };
const bundles: Record<string, Tree> = { en, ru };

/** The language the panel keeps on this origin (`i18nextLng`, chosen in its user menu), else the browser's. */
function storedLanguage(): string | null {
  try {
    return localStorage.getItem('i18nextLng');
  } catch {
    return null;
  }
}

export const language = (storedLanguage() ?? navigator.languages?.[0] ?? navigator.language ?? 'en').toLowerCase().startsWith('ru') ? 'ru' : 'en';
const plurals = new Intl.PluralRules(language);

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export function t(key: string, values: Record<string, string | number> = {}): string {
  const pluralKey = typeof values.count === 'number' ? `${key}_${plurals.select(values.count)}` : null;
  const text =
    (pluralKey && (lookup(bundles[language]!, pluralKey) ?? lookup(bundles.en!, pluralKey))) ??
    (pluralKey && lookup(bundles[language]!, `${key}_other`)) ??
    lookup(bundles[language]!, key) ??
    lookup(bundles.en!, key) ??
    key;
  return text.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}

/** The time of day in the screen's language, for the idle screen's clock. */
export function clockText(date: Date): string {
  return new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit' }).format(date);
}

export function dateText(date: Date): string {
  return new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long' }).format(date);
}
