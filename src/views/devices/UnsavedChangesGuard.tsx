import { useContext, useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useTranslation } from 'react-i18next';
import { UNSAFE_DataRouterContext, useBeforeUnload, useBlocker, useNavigate } from 'react-router-dom';

function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation('devices');
  return (
    <Dialog open={open} modalType="alert" onOpenChange={(_, data) => !data.open && onStay()}>
      <DialogSurface aria-describedby="unsaved-changes-text">
        <DialogBody>
          <DialogTitle>{t('configs.unsavedTitle')}</DialogTitle>
          <DialogContent id="unsaved-changes-text">{t('configs.unsavedText')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onStay}>
              {t('configs.stay')}
            </Button>
            <Button onClick={onLeave}>{t('configs.leave')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** With a data router: react-router's useBlocker holds any navigation until the user decides. */
function BlockerGuard({ when }: { when: boolean }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  return <LeaveDialog open={blocker.state === 'blocked'} onStay={() => blocker.reset?.()} onLeave={() => blocker.proceed?.()} />;
}

const SENTINEL = 'vitrineUnsavedConfig';

const onSentinel = () => Boolean((window.history.state as Record<string, unknown> | null)?.[SENTINEL]);

/**
 * With a plain BrowserRouter (useBlocker needs a data router). Clicks on in-app links are held in the capture
 * phase. The back button cannot be held (react-router handles popstate before any listener of ours), so while
 * there are unsaved changes a duplicate history entry of this page is pushed: going back lands on the same page,
 * which then asks; Stay pushes the entry again, Leave goes back for real.
 */
function HistoryGuard({ when }: { when: boolean }) {
  const navigate = useNavigate();
  const [pending, setPending] = useState<{ to: string } | { back: true } | null>(null);
  const leaving = useRef(false);

  useEffect(() => {
    if (!when) return undefined;
    leaving.current = false;
    if (!onSentinel()) window.history.pushState({ ...(window.history.state as object | null), [SENTINEL]: true }, '');
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
      if (!link || link.target === '_blank' || link.hasAttribute('download') || link.origin !== window.location.origin) return;
      if (link.pathname === window.location.pathname) return;
      event.preventDefault();
      event.stopPropagation();
      setPending({ to: link.pathname + link.search + link.hash });
    };
    const onPopState = () => {
      if (!leaving.current && !onSentinel()) setPending({ back: true });
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('popstate', onPopState);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('popstate', onPopState);
      // Saved (or reverted) while still on the page: drop the duplicate entry again.
      const left = leaving.current;
      setTimeout(() => {
        if (!left && onSentinel()) window.history.back();
      }, 0);
    };
  }, [when]);

  const stay = () => {
    if (pending && 'back' in pending) window.history.pushState({ ...(window.history.state as object | null), [SENTINEL]: true }, '');
    setPending(null);
  };
  const leave = () => {
    const target = pending;
    setPending(null);
    leaving.current = true;
    if (target && 'to' in target) navigate(target.to);
    else if (target) window.history.back();
  };
  return <LeaveDialog open={pending !== null} onStay={stay} onLeave={leave} />;
}

/** While `when` holds, leaving the page (links, back button, reload, closing the tab) asks first. */
export function UnsavedChangesGuard({ when }: { when: boolean }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useBeforeUnload((event) => {
    if (!when) return;
    event.preventDefault();
    event.returnValue = '';
  });
  return dataRouter ? <BlockerGuard when={when} /> : <HistoryGuard when={when} />;
}
