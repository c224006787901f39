// A widget that cannot start must not leave an empty box and a silent console: the page's own
// content inside the element (the site's `/embed` snippets put a link to the demo page there) is
// shown again, and one console error names the widget and the reason. The script-tag build also
// wraps the whole file in the same report (vite.config.ts), for a failure before any of this runs.

/** The console error's words before the reason; the build's outer guard writes the same. */
export const START_UP_FAILED = '[franchise-ai-demo] could not start; the page shows the content inside the element instead. Reason: ';

/** Why, in one line: an error's message, or the thrown value as text. */
export const startUpFailureReason = (error: unknown): string => {
  try {
    return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    return 'unknown'; // a thrown value whose conversion throws too
  }
};

let reported = false;

/** Reports a failed start-up once per page, and shows what `element` holds in its light DOM again. */
export function startUpFailed(error: unknown, element?: HTMLElement): void {
  const root = element?.shadowRoot;
  if (root) {
    try {
      // A bare slot shows the element's children, as the partner styled them.
      root.adoptedStyleSheets = [];
      root.replaceChildren(document.createElement('slot'));
    } catch {
      // Nothing more can be done for this element; the report below still says why.
    }
  }
  if (reported) return;
  reported = true;
  console.error(START_UP_FAILED + startUpFailureReason(error));
}
