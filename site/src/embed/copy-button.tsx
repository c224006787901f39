import { useEffect, useState, type RefObject } from 'react';

type CopyState = 'idle' | 'copied' | 'selected';

/**
 * Copies `text` with the Clipboard API and says so, on the button and to screen readers. When the
 * browser refuses (no permission, no secure context, no API), the text is selected in `field`
 * instead, for the visitor to copy with the keyboard.
 */
export function CopyButton({ text, what, field }: { text: string; what: string; field: RefObject<HTMLElement | null> }) {
  const [state, setState] = useState<CopyState>('idle');
  // New text: nothing of it has been copied yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on purpose when the text changes, though it does not read it
  useEffect(() => setState('idle'), [text]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      const element = field.current;
      if (element) {
        element.focus();
        const range = document.createRange();
        range.selectNodeContents(element);
        getSelection()?.removeAllRanges();
        getSelection()?.addRange(range);
      }
      setState('selected');
    }
  };

  return (
    <div className="copy-row">
      <button type="button" className="button primary compact" onClick={() => void copy()}>
        {state === 'copied' ? 'Copied' : 'Copy'}
        <span className="visually-hidden"> {what}</span>
      </button>
      <span role="status" className="copy-status">
        {state === 'copied'
          ? `${what} copied.`
          : state === 'selected'
            ? `Copying was refused: ${what} is selected, press Ctrl+C (Cmd+C on a Mac) to copy it.`
            : ''}
      </span>
    </div>
  );
}
