/**
 * A setting another tab of the panel changed: the language and the theme are kept in localStorage, and a tab that
 * changes one fires a `storage` event in every other tab of the origin (never in itself). The first page and the app
 * apply it at once, without a reload, so all the tabs of a browser show the same language and theme.
 */
export function onOtherTabSetting(key: string, apply: (value: string) => void): () => void {
  const listener = (event: StorageEvent) => {
    if (event.key === key && event.newValue && event.storageArea === globalThis.localStorage) apply(event.newValue);
  };
  globalThis.addEventListener?.('storage', listener);
  return () => globalThis.removeEventListener?.('storage', listener);
}
