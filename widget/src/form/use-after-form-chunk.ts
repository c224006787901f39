import { useRef, useState } from 'preact/hooks';
import { loadLaterSteps } from '../chunks/lazy-chunks.ts';
import { addStyles } from '../stylesheet.ts';

export type LaterSteps = Awaited<ReturnType<typeof loadLaterSteps>>;

// Phase: see widget/LIFECYCLE.md ("The two phases, and the map").
/**
 * The later steps' chunk (after-form/later-steps.ts). `load()` fetches it once; a failure is
 * forgotten, so the next call tries again. Its styles join `root`'s before anything renders with
 * it, and `arrived` hears of it before the view does. `warm()` asks for it once ahead of need and keeps a
 * failure quiet (one warning): the submit's `load()` tries again, and says so if that fails too.
 */
export function useAfterFormChunk(
  root: ShadowRoot,
  arrived: (steps: LaterSteps) => void,
): { steps: LaterSteps | null; load(): Promise<LaterSteps>; warm(): void } {
  const [steps, setSteps] = useState<LaterSteps | null>(null);
  const loading = useRef<Promise<LaterSteps> | null>(null);
  const load = () =>
    (loading.current ??= loadLaterSteps().then(
      (loaded) => {
        addStyles(root, loaded.styles);
        arrived(loaded);
        setSteps(loaded);
        return loaded;
      },
      (error: unknown) => {
        loading.current = null;
        throw error;
      },
    ));
  const warmed = useRef(false);
  const warm = () => {
    if (warmed.current) return;
    warmed.current = true;
    load().catch((error: unknown) =>
      console.warn('[franchise-ai-demo] the next steps could not be loaded yet; they are tried again when the form is sent.', error),
    );
  };
  return { steps, load, warm };
}
