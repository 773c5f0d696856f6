import { useContext, useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBeforeUnload, useBlocker, useNavigate } from 'react-router-dom';

function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation('media');
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onStay()}>
      <DialogSurface aria-describedby="leave-upload-text">
        <DialogBody>
          <DialogTitle>{t('upload.leaveTitle')}</DialogTitle>
          <DialogContent id="leave-upload-text">{t('upload.leaveText')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onStay}>
              {t('upload.stay')}
            </Button>
            <Button onClick={onLeave}>{t('upload.leave')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** With a data router: react-router's useBlocker holds the navigation until the user decides. */
function BlockerGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

/**
 * With a plain BrowserRouter (useBlocker needs a data router): holds clicks on in-app links and the
 * browser's back button, asks, then navigates.
 */
function HistoryGuard({ when }: { when: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ to: string } | { delta: number } | null>(null);
  const restoring = useRef(false);
  const bypass = useRef(false);

  useEffect(() => {
    if (!when) return undefined;
    bypass.current = false;
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.hasAttribute('download') || link.origin !== window.location.origin) return;
      if (link.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ to: link.pathname + link.search + link.hash });
    };
    // A capture listener on window runs before react-router's own popstate listener, so the page stays.
    const onPopState = (event: PopStateEvent) => {
      if (bypass.current) return;
      event.stopImmediatePropagation();
      if (restoring.current) {
        restoring.current = false;
        return;
      }
      restoring.current = true;
      window.history.go(1);
      setPending({ delta: -1 });
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, [when]);

  const leave = () => {
    const target = pending;
    setPending(null);
    bypass.current = true;
    if (target && 'to' in target) navigate(target.to);
    else if (target) window.history.go(target.delta);
  };
  return <LeaveDialog open={pending !== null} onStay={() => setPending(null)} onLeave={leave} />;
}

/** While files are uploading, leaving the page (links, back button, reload, closing the tab) asks first. */
export function LeaveUploadGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useBeforeUnload((event) => {
    if (!when) return;
    event.preventDefault();
    event.returnValue = '';
  });
  return dataRouter ? <BlockerGuard when={when} /> : <HistoryGuard when={when} />;
}
