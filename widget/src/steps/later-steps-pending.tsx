import { firstCopy } from '../first-copy.ts';

/** In place of a later step whose code has not arrived: a short wait, or, if it failed, a way to try again. */
export function LaterStepsPending({ failed, retry }: { failed: boolean; retry(): void }) {
  return (
    <section class="step" aria-labelledby="fad-heading">
      <h2 id="fad-heading" tabIndex={-1}>{firstCopy.laterStepsHeading}</h2>
      {failed ? (
        <>
          <p class="notice error" role="alert">{firstCopy.laterStepsFailed}</p>
          <button type="button" class="primary" onClick={retry}>
            {firstCopy.laterStepsRetry}
          </button>
        </>
      ) : (
        <p class="lead" role="status">{firstCopy.laterStepsPending}</p>
      )}
    </section>
  );
}
