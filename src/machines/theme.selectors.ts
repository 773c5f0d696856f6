import type { SnapshotFrom } from 'xstate';
import type { ThemeName, themeMachine } from './theme.machine.ts';

export type ThemeSnapshot = SnapshotFrom<typeof themeMachine>;

export const selectTheme = (snapshot: ThemeSnapshot): ThemeName => snapshot.context.currentTheme;
