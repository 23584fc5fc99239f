import { useSyncExternalStore } from 'react';
import type { HostDialog, HostDialogs } from './host-dialogs.js';

/** The open host dialogs, re-rendering when one opens or is answered. */
export function useDialogs(dialogs: HostDialogs): readonly HostDialog[] {
  return useSyncExternalStore(
    (listener) => dialogs.subscribe(listener),
    () => dialogs.list(),
  );
}
