import { selectCan } from '../../machines/session.selectors.ts';
import type { Area, Level } from '../../services/schemas/groups.ts';
import { SessionContext } from '../app/actors.ts';

/**
 * Whether the signed-in user may `level` (edit by default) in `area`, from their profile's access: screens hide the
 * controls of writes the server would refuse (403). Nothing is allowed to a scoped user until their profile is loaded.
 *
 * ```tsx
 * const canEdit = useCan('devices');
 * {canEdit ? <Button onClick={add}>{t('actions.add')}</Button> : null}
 * ```
 */
export function useCan(area: Area, level: Exclude<Level, 'none'> = 'edit'): boolean {
  return SessionContext.useSelector(selectCan(area, level));
}
