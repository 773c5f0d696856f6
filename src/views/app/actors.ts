import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session.machine.ts';
import { themeMachine } from '../../machines/theme.machine.ts';

/**
 * The one session actor of the app (mounted by SessionProvider). Screens read it with narrow selectors:
 * `SessionContext.useSelector(selectIsAdmin)`; send with `SessionContext.useActorRef().send(...)`.
 */
export const SessionContext = createActorContext(sessionMachine);

/** The one theme actor of the app (mounted by App). */
export const ThemeContext = createActorContext(themeMachine);
