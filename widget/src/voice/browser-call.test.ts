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

describe('starting', () => {
  it('loads the voice chunk, then starts the call through the adapter with the same options', async () => {
    const call = setup();
    expect(call.loadVoice).toHaveBeenCalledTimes(1);
    expect(call.startVoiceCall).not.toHaveBeenCalled();
    await call.load();
    expect(call.startVoiceCall).toHaveBeenCalledTimes(1);
    expect(call.startVoiceCall.mock.calls[0]![0]).toMatchObject({ assistantId: 'asst_123', publicKey: 'pk_test' });
    expect(call.client().start).toHaveBeenCalledWith('asst_123', {
      variableValues: { name: 'Jane Smith', company: 'Acme Franchise', businessType: 'franchisor' },
    });
    await call.client().connect();
    // The call's id comes once start() resolved with the web call, for the host: here at the join,
    // before the assistant said 'listening'.
    expect(call.events).toEqual([{ type: 'assistant-used' }, { type: 'call-id', id: WEB_CALL.id }, { type: 'call-started' }]);
  });

  it.each([
    [
      'then stop(): call-failed once, nothing more',
      false,
      [{ type: 'call-failed', reason: 'error', message: 'The voice client could not be loaded: offline' }],
    ],
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
    expect(other.events).toEqual([{ type: 'assistant-used' }, { type: 'call-id', id: WEB_CALL.id }, { type: 'call-started' }]);
    expect(other.client().live).toBe(true);
    expect(activeCall()).toBeDefined();
  });
});

describe('mute', () => {
  it('does nothing while the chunk loads, and reaches the SDK once the call is connected', async () => {
    const call = setup();
    expect(call.handle.setMuted(true)).toBe(false);
    await call.load();
    await call.client().connect();
    expect(call.handle.setMuted(true)).toBe(true);
    expect(call.client().setMuted.mock.calls).toEqual([[true]]);
  });
});

describe('End Call once the chunk has loaded', () => {
  it('stops the adapter call: one call-ended, the client stopped', async () => {
    const call = setup();
    await call.load();
    await call.client().connect();
    await call.handle.stop();
    expect(call.events).toEqual([{ type: 'assistant-used' }, { type: 'call-id', id: WEB_CALL.id }, { type: 'call-started' }, { type: 'call-ended' }]);
    expect(call.client().stop).toHaveBeenCalledTimes(1);
    expect(call.client().live).toBe(false);
  });
});

function optionsWith(events: VoiceEvent[]): StartVoiceCallOptions {
  return {
    publicKey: 'pk_test',
    apiBase: undefined,
    avoidEval: false,
    assistantId: 'asst_123',
    variableValues: { name: 'Jane Smith', company: 'Acme Franchise', businessType: 'franchisor' },
    onEvent: (event) => events.push(event),
  };
}
