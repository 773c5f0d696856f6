import { useTranslation } from '../../i18n.ts';
import { useNotify } from '../common/notify.tsx';

/** Toast after a save (the list and details use the same words). */
export function useEditedNotice() {
  const { t } = useTranslation('media');
  const notify = useNotify();
  return () => notify(t('messages.editSuccess'), 'success');
}
