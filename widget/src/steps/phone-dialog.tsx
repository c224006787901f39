import { canScheduleCall, copy } from '@franchise-ai/shared';
import { useEffect, useRef } from 'preact/hooks';
import type { DemoFlow } from '../use-demo-flow.ts';

/**
 * A native modal <dialog>: focus moves in, Tab cycles inside it, Esc closes it,
 * and the page behind is inert. On close, focus goes back to the button that opened it.
 */
export function PhoneDialog({ flow }: { flow: DemoFlow }) {
  const { phoneDialogOpen, phoneNumber } = flow.state;
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (phoneDialogOpen && !element.open) {
      opener.current = (element.getRootNode() as ShadowRoot).activeElement as HTMLElement | null;
      element.showModal();
    } else if (!phoneDialogOpen && element.open) {
      element.close();
      if (opener.current?.isConnected) opener.current.focus();
    }
  }, [phoneDialogOpen]);

  const close = () => flow.dispatch({ type: 'phone-dialog-closed' });
  return (
    <dialog
      ref={dialog}
      class="dialog"
      part="dialog"
      aria-labelledby="fad-dialog-title"
      aria-describedby="fad-dialog-text"
      onCancel={(event) => {
        event.preventDefault(); // Esc: close through the state, like Cancel
        close();
      }}
      // The browser may still close it itself (a second Esc cannot be cancelled): keep the state in step.
      onClose={close}
      onKeyDown={(event) => trapTab(event, dialog.current)}
    >
      <form
        method="dialog"
        onSubmit={(event) => {
          event.preventDefault();
          if (canScheduleCall(phoneNumber)) flow.schedulePhoneCall();
        }}
      >
        <h2 id="fad-dialog-title">{copy.phoneDialogTitle}</h2>
        <p id="fad-dialog-text">{copy.phoneDialogText}</p>
        <div class="field">
          <label for="fad-phone">{copy.phoneLabel}</label>
          <input
            id="fad-phone"
            name="phoneNumber"
            type="tel"
            autoComplete="tel"
            placeholder={copy.phonePlaceholder}
            value={phoneNumber}
            onInput={(event) => flow.dispatch({ type: 'phone-number-changed', value: event.currentTarget.value })}
            autoFocus
          />
        </div>
        <div class="actions">
          <button type="button" class="secondary" onClick={close}>
            {copy.phoneCancel}
          </button>
          <button type="submit" class="primary" disabled={!canScheduleCall(phoneNumber)}>
            {copy.scheduleCall}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A modal dialog lets Tab leave for the browser's own UI; keep it cycling inside instead. */
function trapTab(event: KeyboardEvent, dialog: HTMLDialogElement | null): void {
  if (event.key !== 'Tab' || !dialog) return;
  const controls = [...dialog.querySelectorAll<HTMLElement>('input:not([disabled]), button:not([disabled])')];
  const first = controls[0];
  const last = controls[controls.length - 1];
  const active = (dialog.getRootNode() as ShadowRoot).activeElement;
  if (event.shiftKey ? active === first : active === last) {
    event.preventDefault();
    (event.shiftKey ? last : first)?.focus();
  }
}
