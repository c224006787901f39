import { useLayoutEffect } from 'preact/hooks';

/**
 * While `live`, leaving or reloading the page asks first (the browser's own `beforeunload` dialog):
 * a reload would end the call. Not otherwise: the flow itself survives a reload (flow/saved-flow.ts).
 */
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
