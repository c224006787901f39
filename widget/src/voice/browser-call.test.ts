import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { body, FakeVapi, WEB_CALL } from '../../test/fakes/fake-vapi.ts';
import { deferred, flush } from '@franchise-ai/test-support/deferred';
import { startBrowserCall, type LoadVoice } from './browser-call.ts';
import { createStartVoiceCall, type CreateVapi, type MicrophoneCheck } from './voice-adapter.ts';
import type { StartVoiceCall, StartVoiceCallOptions, VoiceCall, VoiceEvent } from './voice-types.ts';

// The widget's handle on a call from the click on Start Call, before the voice chunk has loaded.
// The chunk's loader is a deferred; behind it runs the real adapter with the fake SDK client.
const page = globalThis as Record<symbol, unknown>;
const activeCall = () => page[Symbol.for('franchise-ai-demo.active-voice-call')];
/** Every handle made in a test, stopped afterwards. */
const handles: VoiceCall[] = [];
function setup(microphoneCheck: MicrophoneCheck = async () => undefined) {
  const createVapi = vi.fn<CreateVapi>((options) => new FakeVapi(options));
  const microphone = vi.fn<MicrophoneCheck>(microphoneCheck);
  const startVoiceCall = vi.fn<StartVoiceCall>(createStartVoiceCall(createVapi, microphone));
  const chunk = deferred<{ startVoiceCall: StartVoiceCall }>();
  const loadVoice = vi.fn<LoadVoice>(() => chunk.promise);
  const events: VoiceEvent[] = [];
  const handle = startBrowserCall(loadVoice, optionsWith(events));
  handles.push(handle);
  return {
    handle,
    events,
    createVapi,
    microphone,
    startVoiceCall,
    loadVoice,
    /** The chunk arrives. */
    load: async () => {
      chunk.resolve({ startVoiceCall });
      await flush();
    },
    client: () => FakeVapi.instances.at(-1)!,
  };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  FakeVapi.instances.length = 0;
  body.clear();
});

afterEach(async () => {
  for (const handle of handles.splice(0)) await handle.stop();
  for (const client of FakeVapi.instances) await client.join(); // starts in flight go through, as in the SDK
  await flush();
  expect(activeCall()).toBeUndefined();
  expect(FakeVapi.instances.filter((client) => client.live)).toEqual([]);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const NOT_LOADED = 'The voice client could not be loaded';
const CONNECTED: VoiceEvent[] = [{ type: 'assistant-used' }, { type: 'call-id', id: WEB_CALL.id }, { type: 'call-started' }];
const VARIABLES = { name: 'Jane Smith', company: 'Acme Franchise', businessType: 'franchisor' } as const;

describe('starting', () => {
  it.each([
    ['then stop(): call-failed once, nothing more', false, [{ type: 'call-failed', reason: 'error', message: `${NOT_LOADED}: offline` }]],
    ['after stop(): call-ended only', true, [{ type: 'call-ended' }]],
  ])('a chunk that fails to load, %s', async (_label, stopFirst, expected) => {
    const chunk = deferred<never>();
    const events: VoiceEvent[] = [];
    const handle = startBrowserCall(() => chunk.promise, optionsWith(events));
    handles.push(handle);
    if (stopFirst) await handle.stop();
    chunk.reject(new TypeError('offline'));
    await flush();
    await handle.stop();
    expect(events).toEqual(expected);
  });
});

describe('End Call or the element leaving the page while the voice chunk loads', () => {
  it('reports call-ended at once and once (End Call, then the element removed), and the chunk arriving later starts nothing', async () => {
    const call = setup();
    expect(call.handle.setMuted(true), 'Mute while the chunk loads').toBe(false);
    await Promise.all([call.handle.stop(), call.handle.stop()]);
    await call.handle.stop();
    expect(call.events).toEqual([{ type: 'call-ended' }]);
    await call.load();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(call.startVoiceCall).not.toHaveBeenCalled();
    expect(call.microphone).not.toHaveBeenCalled();
    expect(call.createVapi).not.toHaveBeenCalled();
    expect(activeCall()).toBeUndefined();
    expect(call.events).toEqual([{ type: 'call-ended' }]);
  });
  it("does not end another widget's call when its chunk arrives (it never takes the page's call slot)", async () => {
    const other = setup();
    await other.load();
    await other.client().connect();
    const call = setup();
    await call.handle.stop();
    await call.load();
    expect(other.events).toEqual(CONNECTED);
    expect(other.client().live).toBe(true);
    expect(activeCall()).toBeDefined();
  });
});

function optionsWith(events: VoiceEvent[]): StartVoiceCallOptions {
  return {
    publicKey: 'pk_test',
    apiBase: undefined,
    avoidEval: false,
    assistantId: 'asst_123',
    variableValues: VARIABLES,
    onEvent: (event) => events.push(event),
  };
}
