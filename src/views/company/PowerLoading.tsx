import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from '../../i18n.ts';
import { Dialog } from '../common/Dialog.tsx';
import { Loading } from '../common/Loading.tsx';
import { errorMessageKey } from '../common/errorMessageKey.ts';

/** The power dialog while its hours load, or when they could not be read (with Retry). */
export function PowerLoading({ title, error, onRetry, onClose }: { title: string; error: string | null; onRetry: () => void; onClose: () => void }) {
  const { t } = useTranslation(['company', 'common']);
  return (
    <Dialog open modalType="modal" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            {error ? (
              <p role="alert">
                {t('power.loadError')}: {t(`common:${errorMessageKey(error)}`)}
              </p>
            ) : (
              <Loading />
            )}
          </DialogContent>
          <DialogActions>
            {error ? <Button onClick={onRetry}>{t('power.retry')}</Button> : null}
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
