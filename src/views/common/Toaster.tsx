import { useEffect } from 'react';
import { Toast, ToastTitle, Toaster, useToastController } from '@fluentui/react-components';
import { NOTIFICATION_TIMEOUT_MS } from '../../services/config.ts';
import { registerToastDispatcher } from './notify.tsx';
// Fluent's focus manager stays for the page's life from this part's first use on (issue 37; see focusKeeper.ts).
import './FocusKeeper.tsx';

const TOASTER_ID = 'vitrine-toaster';

/**
 * The Fluent toaster (a lazy chunk, see notify.tsx), hidden after 3 s. Toasts sit at the bottom centre: at the top end
 * they covered the page header's actions (Download, Refresh, Add), which every screen keeps at its top right.
 */
export default function AppToasterChunk() {
  const { dispatchToast } = useToastController(TOASTER_ID);
  // Runs after the Toaster below has subscribed (child effects first), so flushed toasts are not lost.
  useEffect(
    () =>
      registerToastDispatcher(({ message, intent }) =>
        dispatchToast(
          <Toast>
            <ToastTitle>{message}</ToastTitle>
          </Toast>,
          { intent, timeout: NOTIFICATION_TIMEOUT_MS, politeness: intent === 'error' ? 'assertive' : 'polite' },
        ),
      ),
    [dispatchToast],
  );
  return <Toaster toasterId={TOASTER_ID} position="bottom" pauseOnHover pauseOnWindowBlur />;
}
