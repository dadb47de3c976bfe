import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router-dom';
import { confirmDialog } from './dialogs';

export const LEAVE_TITLE = 'Leave this page?';
export const LEAVE_TEXT = 'Your changes will be lost.';
export const STAY_BUTTON = 'Stay';
export const LEAVE_BUTTON = 'Leave';

/**
 * Guards a form's typed work while `dirty` (issue #47; docs/architecture.md, "Typed work is kept"). Call `saved()` once
 * the changes are stored, before the page moves on: that move is not asked about.
 */
export function useUnsavedChangesGuard(dirty: boolean): { saved: () => void } {
  const savedNow = useRef(false);
  useEffect(() => {
    // Typing again after a save is new work to guard.
    if (dirty) savedNow.current = false;
  }, [dirty]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !savedNow.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    let answered = false;
    void confirmDialog({
      title: LEAVE_TITLE,
      text: LEAVE_TEXT,
      confirm: LEAVE_BUTTON,
      cancel: STAY_BUTTON,
    }).then(
      (leave) => {
        if (answered) return;
        answered = true;
        if (leave) blocker.proceed();
        else blocker.reset();
      },
      // The dialog's code could not load (offline): staying keeps the work.
      () => blocker.reset(),
    );
    return () => {
      answered = true;
    };
  }, [blocker]);

  useEffect(() => {
    if (!dirty) return;
    const askBeforeUnload = (event: BeforeUnloadEvent) => {
      if (savedNow.current) return;
      event.preventDefault();
      // Older browsers show their prompt only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => window.removeEventListener('beforeunload', askBeforeUnload);
  }, [dirty]);

  return {
    saved: () => {
      savedNow.current = true;
    },
  };
}
