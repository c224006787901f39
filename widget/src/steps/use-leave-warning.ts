import { useLayoutEffect } from 'preact/hooks';

/** While `live`, leaving or reloading asks first: a reload would end the call (the flow itself survives one). */
export function useLeaveWarning(live: boolean): void {
  // Before the paint that shows the call as started, so that no moment of it leaves without asking.
  useLayoutEffect(() => {
    if (!live) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = ''; // what older browsers still need to show the dialog
    };
    addEventListener('beforeunload', ask);
    return () => removeEventListener('beforeunload', ask);
  }, [live]);
}
