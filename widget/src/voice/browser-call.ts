import type { StartVoiceCall, StartVoiceCallOptions, VoiceCall } from './voice-types.ts';

export type LoadVoice = () => Promise<{ startVoiceCall: StartVoiceCall }>;

/** The handle exists before the voice chunk loads, so End Call or the element leaving stops it at any moment. */
export function startBrowserCall(loadVoice: LoadVoice, options: StartVoiceCallOptions): VoiceCall {
  /** Until the chunk has arrived, or the call was stopped or failed before that. */
  let loading = true;
  let call: VoiceCall | undefined;

  void (async () => {
    let startVoiceCall: StartVoiceCall;
    try {
      ({ startVoiceCall } = await loadVoice());
    } catch (error) {
      if (!loading) return;
      loading = false;
      // Not voice-error.ts: it belongs to the voice chunk, this file to the later steps'.
      const reason = error instanceof Error ? error.message : String(error);
      options.onEvent({ type: 'call-failed', reason: 'error', message: `The voice client could not be loaded: ${reason}` });
      return;
    }
    if (!loading) return; // stopped while the chunk loaded
    loading = false;
    call = startVoiceCall(options);
  })();

  return {
    async stop() {
      if (loading) {
        loading = false;
        options.onEvent({ type: 'call-ended' });
      }
      // Handed over: the adapter's call reports call-ended itself (once, however often it is stopped).
      await call?.stop();
    },
    setMuted(muted) {
      return call?.setMuted(muted) ?? false;
    },
  };
}
