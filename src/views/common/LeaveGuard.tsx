import { useEffect, useMemo, useRef } from 'react';
import { Button, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components';
import { useActorRef, useSelector } from '@xstate/react';
import { useBeforeUnload, useBlocker, type Blocker } from '../app/router.tsx';
import { leaveGuardMachine } from '../../machines/leaveGuard.machine.ts';
import { Dialog } from './Dialog.tsx';

/** The already-translated texts of a leave question. */
export interface LeaveGuardTexts {
  title: string;
  text: string;
  stay: string;
  leave: string;
}

function BlockerGuard({ when, texts }: { when: boolean; texts: LeaveGuardTexts }) {
  // The actor is created once; its actions reach the router's current blocker through this ref.
  const blockerRef = useRef<Blocker | null>(null);
  const logic = useMemo(
    () =>
      leaveGuardMachine.provide({
        actions: {
          stay: () => blockerRef.current?.reset?.(),
          proceed: () => blockerRef.current?.proceed?.(),
        },
      }),
    [],
  );
  const guard = useActorRef(logic, { input: { dirty: when } });
  const blocker = useBlocker(({ currentLocation, nextLocation }) => guard.getSnapshot().context.dirty && currentLocation.pathname !== nextLocation.pathname);
  blockerRef.current = blocker;
  const asking = useSelector(guard, (snapshot) => snapshot.hasTag('asking'));
  useEffect(() => guard.send({ type: 'leave.changes', dirty: when }), [guard, when]);
  useEffect(() => {
    if (blocker.state === 'blocked') guard.send({ type: 'leave.blocked' });
  }, [guard, blocker.state]);
  // Mounted only while asking: a closed-but-mounted alert dialog would leave a dialog below it aria-hidden.
  if (!asking || blocker.state !== 'blocked') return null;
  return (
    <Dialog open modalType="alert" onOpenChange={(_, data) => !data.open && guard.send({ type: 'leave.stay' })}>
      <DialogSurface aria-describedby="leave-guard-text">
        <DialogBody>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogContent id="leave-guard-text">{texts.text}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={() => guard.send({ type: 'leave.stay' })}>
              {texts.stay}
            </Button>
            <Button onClick={() => guard.send({ type: 'leave.leave' })}>{texts.leave}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/**
 * While `when` holds, leaving the page asks first: in-app navigation (links, the back button) through the leave
 * question machine (machines/leaveGuard) on the router's blocker (views/app/router.tsx), reloading or closing the tab
 * through the browser's own beforeunload question.
 */
export function LeaveGuard({ when, texts }: { when: boolean; texts: LeaveGuardTexts }) {
  useBeforeUnload((event) => {
    if (!when) return;
    event.preventDefault();
    event.returnValue = '';
  });
  return <BlockerGuard when={when} texts={texts} />;
}
