import { array, enums, integer, max, min, object, size, string, type Infer } from 'superstruct';
import { COMPARE_KINDS, MAX_COMPARE_ENTITIES, entityKey } from './schemas/statistics.ts';
import { memoryStorage } from './tokenStore.ts';

/** One entry of the compare list as it is kept between visits: what it is and the name it had when added. */
export const StoredCompareEntity = object({
  kind: enums(COMPARE_KINDS),
  id: min(max(integer(), 2147483647), 1),
  name: size(string(), 0, 300),
});
export type StoredCompareEntity = Infer<typeof StoredCompareEntity>;

const STORED_LIST = array(StoredCompareEntity);
/** Where the compare list lives between visits and reloads (this browser, every tab), one list per signed-in user. */
export const COMPARE_LIST_KEY = 'statistics.compare';
/** The key of a user's list: another account signing in on this browser does not inherit the names of the first one's list. */
export const compareListKey = (owner: number | null | undefined) => (owner ? `${COMPARE_LIST_KEY}.${owner}` : COMPARE_LIST_KEY);

let fallback: Storage | undefined;
const storage = (): Storage => globalThis.localStorage ?? (fallback ??= memoryStorage());

/**
 * The compare list kept in localStorage, checked on the way back in: anything that is not a list of
 * `{kind, id, name}` (edited by hand, written by an older version) is dropped whole, repeats are kept once and at
 * most MAX_COMPARE_ENTITIES survive, so the list the screen starts from always obeys the list's rules.
 */
export function readCompareList(owner?: number | null): StoredCompareEntity[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(storage().getItem(compareListKey(owner)) ?? '[]');
  } catch {
    return [];
  }
  const [failure, list] = STORED_LIST.validate(parsed);
  if (failure || !list) return [];
  const seen = new Set<string>();
  return list.filter((entity) => {
    const key = entityKey(entity.kind, entity.id);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, MAX_COMPARE_ENTITIES);
}

/** Keeps the compare list for the next visit (an empty list removes the key). */
export function writeCompareList(list: StoredCompareEntity[], owner?: number | null): void {
  try {
    if (list.length === 0) storage().removeItem(compareListKey(owner));
    else storage().setItem(compareListKey(owner), JSON.stringify(list.map(({ kind, id, name }) => ({ kind, id, name }))));
  } catch {
    // A full or refused storage only loses the list at the next reload; the screen goes on with it.
  }
}
