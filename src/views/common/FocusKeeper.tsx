import { useFocusFinders } from '@fluentui/react-components';
import { keepFocusManager } from './focusKeeper.ts';

/** Holds Fluent's focus manager for the page's life (see focusKeeper.ts); imported by every part that uses it modally. */
function FocusKeeper() {
  useFocusFinders();
  return null;
}

keepFocusManager(FocusKeeper);
