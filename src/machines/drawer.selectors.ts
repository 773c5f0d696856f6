import type { SnapshotFrom } from 'xstate';
import type { drawerMachine } from './drawer.machine.ts';

export type DrawerSnapshot = SnapshotFrom<typeof drawerMachine>;

export const selectDrawerOpen = (snapshot: DrawerSnapshot): boolean => snapshot.matches('open');
