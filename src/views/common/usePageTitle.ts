import { useEffect } from 'react';
import { useTexts } from './texts.ts';
import { BRAND } from '../../services/config.ts';

/** The document title for a page: the spec's template "%s - {brand}". */
export function pageTitle(title: string): string {
  return `${title} - ${BRAND}`;
}

/**
 * Sets `document.title` to "<translated title> - Vitrine" while the calling screen is mounted,
 * following language changes.
 *
 * @param titleKey an i18n key; prefix it with its namespace ("devices:title") unless it is in `common`.
 */
export function usePageTitle(titleKey: string): void {
  const separator = titleKey.indexOf(':');
  const ns = separator > 0 ? titleKey.slice(0, separator) : 'common';
  const key = separator > 0 ? titleKey.slice(separator + 1) : titleKey;
  const { t } = useTexts(ns);
  const title = t(key);
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
