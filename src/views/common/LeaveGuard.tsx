import { useContext } from 'react';
import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { UNSAFE_DataRouterContext, useBeforeUnload, useBlocker } from 'react-router-dom';
import { Dialog } from './Dialog.tsx';

/** The already-translated texts of a leave question. */
export interface LeaveGuardTexts {
  title: string;
  text: string;
  stay: string;
  leave: string;
}

function BlockerGuard({ when, texts }: { when: boolean; texts: LeaveGuardTexts }) {
  const blocker = useBlocker(({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname);
  // Mounted only while asking: a closed-but-mounted alert dialog would leave a dialog below it aria-hidden.
  if (blocker.state !== 'blocked') return null;
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && blocker.reset()}>
      <DialogSurface aria-describedby="leave-guard-text">
        <DialogBody>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogContent id="leave-guard-text">{texts.text}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => blocker.reset()}>
              {texts.stay}
            </Button>
            <Button onClick={() => blocker.proceed()}>{texts.leave}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * While `when` holds, leaving the page asks first: in-app navigation (links, the back button) through
 * react-router's useBlocker, reloading or closing the tab through the browser's own beforeunload question.
 * The app runs on a data router; under a plain router (some unit tests) only the beforeunload part applies.
 */
export function LeaveGuard({ when, texts }: { when: boolean; texts: LeaveGuardTexts }) {
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  useBeforeUnload((event) => {
    if (!when) return;
    event.preventDefault();
    event.returnValue = '';
  });
  return dataRouter ? <BlockerGuard when={when} texts={texts} /> : null;
}
