import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { prepareToolCallChecks } from '#test/support/agent-tool-calls.ts';
import { CONNECTION_LOST, MEETING_ENDED } from '../../test/fakes/daily-errors.ts';
import { body, FakeVapi, REPORTING_EVENTS, WEB_CALL } from '../../test/fakes/fake-vapi.ts';
import { deferred, flush } from '@franchise-ai/test-support/deferred';
import {
  checkMicrophone,
  createStartVoiceCall,
  DEFAULT_START_TIMEOUT_MS,
  RELEASE_WAIT_MS,
  type CreateVapi,
  type MicrophoneCheck,
  transcriptOf,
} from './voice-adapter.ts';
import { startBrowserCall } from './browser-call.ts';
import type { CallEvent, StartVoiceCall, StartVoiceCallOptions, VoiceCall, VoiceEvent } from './voice-types.ts';

// The adapter against a fake of @vapi-ai/web's client (test/fakes/fake-vapi.ts) that behaves like
// dist/vapi.js, including what a stop() during start() does (nothing to the start itself).
const page = globalThis as Record<symbol, unknown>;
const activeCall = () => page[Symbol.for('franchise-ai-demo.active-voice-call')];
const releasing = () => (page[Symbol.for('franchise-ai-demo.releasing-voice-clients')] as Set<unknown> | undefined)?.size ?? 0;
/** Every call started in a test, stopped afterwards so no test leaks a call into the next. */
const started: VoiceCall[] = [];
type Harness = ReturnType<typeof setup>;
function setup(microphone: MicrophoneCheck = async () => undefined) {
  const clients: FakeVapi[] = [];
  /** Runs each time the harness is about to create a client. */
  const hooks = { beforeCreate: () => undefined as unknown };
  const createVapi = vi.fn<CreateVapi>((options) => (hooks.beforeCreate(), clients.push(new FakeVapi(options)), clients.at(-1)!));
  const micCheck = vi.fn<MicrophoneCheck>(microphone);
  // Animation frames run when a test says so.
  const frames: Array<() => void> = [];
  const runFrame = () => {
    for (const frame of frames.splice(0)) frame();
  };
  const startVoiceCall = createStartVoiceCall(createVapi, micCheck, (callback) => void frames.push(callback));
  return { clients, createVapi, micCheck, startVoiceCall, frames, runFrame, hooks };
}

function callOptions(overrides: Partial<StartVoiceCallOptions> = {}) {
  /**
   * What the call reports for the reducer; apart, the call's id, for the host, in `callIds`, and each
   * `assistant-used` (the SDK given the assistant: it is spent) in `uses`, as the events' positions.
   */
  const events: Array<Exclude<VoiceEvent, { type: 'call-id' }>> = [];
  const callIds: string[] = [];
  const uses: number[] = [];
  const options: StartVoiceCallOptions = {
    publicKey: 'pk_test',
    apiBase: 'https://voice.example.com',
    avoidEval: true,
    assistantId: 'asst_123',
    variableValues: { name: 'Jane Smith', company: 'Acme Franchise', businessType: 'franchisor' },
    onEvent: (event) => {
      if (event.type === 'call-id') callIds.push(event.id);
      else if (event.type === 'assistant-used') uses.push(events.length);
      else events.push(event);
    },
    ...overrides,
  };
  return { options, events, callIds, uses };
}

/** Starts a call (on a new harness unless given one) and lets it reach the SDK client. */
async function begin(harness: Harness = setup(), overrides: Partial<StartVoiceCallOptions> = {}) {
  const { options, events, callIds, uses } = callOptions(overrides);
  const call = await harness.startVoiceCall(options);
  started.push(call);
  await flush();
  return { ...harness, call, events, callIds, uses, client: harness.clients.at(-1)! };
}
/** A call that reached 'call-start'. */
async function connected(harness: Harness = setup(), overrides: Partial<StartVoiceCallOptions> = {}) {
  const call = await begin(harness, overrides);
  await call.client.connect();
  return call;
}

const types = (events: VoiceEvent[]) => events.map((event) => event.type);
const failed = (message: string): CallEvent => ({ type: 'call-failed', reason: 'error', message });
let warn: ReturnType<typeof vi.spyOn>;

// The fake's book_meeting message is checked against the provider's description, compiled once here.
beforeAll(prepareToolCallChecks, 60_000);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  body.clear();
  FakeVapi.instances.length = 0;
});

// Whatever a test left behind is ended, and every start() still in flight is let through, as the
// SDK would (it cannot be cancelled): afterwards nothing of any call may be left on the page.
afterEach(async () => {
  for (const call of started.splice(0)) await call.stop();
  for (const client of FakeVapi.instances) await client.join();
  await flush();
  expect(activeCall()).toBeUndefined();
  expect(releasing()).toBe(0);
  expect(FakeVapi.instances.filter((client) => client.live)).toEqual([]);
  expect(body.size).toBe(0);
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const message = (role: string, transcriptType: string, transcript: string, type = 'transcript') => ({ type, role, transcriptType, transcript });
describe('starting a call, and what it reports', () => {
  it.each([
    ['not asked for', {}, 0],
    ['asked for', { onVolume: () => undefined }, 1],
  ])("registers 'error' and every other listener before start(), 'volume-level' when the volume is %s", async (_label, overrides, volume) => {
    const { client } = await begin(setup(), overrides);
    const once = { error: 1, 'call-start': 1, 'speech-start': 1, 'speech-end': 1, 'call-end': 1, message: 1, audio: 1 };
    expect(client.listenersAtStart).toEqual({ ...once, 'volume-level': volume });
  });
  it('call-start (reported once, however often it fires), speech-start/end, transcripts, a book_meeting call and call-end map to the adapter events; what it does not use changes nothing, nor anything after the end', async () => {
    const { events, client } = await begin();
    client.emit('call-start-progress', { stage: 'initialization', status: 'started' });
    client.emit('volume-level', 0.4);
    client.emit('message', { type: 'transcript' });
    await flush();
    expect(events, 'the events it does not use').toEqual([]);
    await client.connect();
    client.emit('call-start');
    for (const event of ['speech-start', 'speech-end', 'speech-start', 'speech-end']) client.emit(event);
    client.emit('message', message('assistant', 'partial', 'Hello'));
    client.emit('message', { type: 'conversation-update', conversation: [] });
    client.emit('message', message('assistant', 'final', 'Hello there.'));
    client.bookMeeting('2026-12-08T14:00:00+01:00');
    await client.leave();
    client.emit('message', message('user', 'final', 'Too late.'));
    client.bookMeeting('2026-12-08T15:00:00+01:00');
    const said = (text: string, final: boolean) => ({ type: 'transcript', speaker: 'assistant', text, final });
    const speech = [{ type: 'speech-started' }, { type: 'speech-ended' }];
    const booking = { type: 'booking-asked' };
    expect(events).toEqual([{ type: 'call-started' }, ...speech, ...speech, said('Hello', false), said('Hello there.', true), booking, { type: 'call-ended' }]);
  });
  it("'call-start' before start() resolves counts, and a later null does not fail the call", async () => {
    const { events, client } = await begin();
    client.emit('call-start');
    await client.resolveNull();
    expect(types(events)).toEqual(['call-started']);
    expect(client.stop).not.toHaveBeenCalled();
  });
  it('call-end during the start (the room closed) reports call-ended, not a failure', async () => {
    const { events, client } = await begin();
    await client.leave();
    await client.resolveNull();
    expect(events).toEqual([{ type: 'call-ended' }]);
  });
  // The call's id links the provider's reports of this call to the lead, at the host.
  it("the call's id is not reported when start() gives no call or no id (nor for a call stopped before start() resolved: stop() and settling)", async () => {
    const failedStart = await begin();
    await failedStart.client.failStart();
    expect(failedStart.callIds).toEqual([]);
    expect(types(failedStart.events)).toEqual(['call-failed']);
    for (const answer of [{ webCallUrl: WEB_CALL.webCallUrl }, { id: '' }, { id: 42 }, 'call_1']) {
      const odd = await begin();
      await odd.client.resolveWith(answer);
      await odd.client.connect();
      expect(odd.callIds, JSON.stringify(answer)).toEqual([]);
      expect(types(odd.events)).toEqual(['call-started']);
      await odd.call.stop();
    }
  });
  it.each<[string, unknown, ReturnType<typeof transcriptOf>]>([
    ["the assistant's partial", message('assistant', 'partial', 'Hel'), { speaker: 'assistant', text: 'Hel', final: false }],
    ["the visitor's final", message('user', 'final', 'I run a gym.'), { speaker: 'user', text: 'I run a gym.', final: true }],
    ['a final-only subscription', message('user', 'final', 'Yes.', "transcript[transcriptType='final']"), { speaker: 'user', text: 'Yes.', final: true }],
    ['another message', { type: 'speech-update', status: 'started', role: 'assistant' }, null],
    ['another role', message('system', 'final', 'x'), null],
    ['no transcript type', { type: 'transcript', role: 'user', transcript: 'x' }, null],
    ['no text', { type: 'transcript', role: 'user', transcriptType: 'final' }, null],
    ['not an object', 'transcript', null],
    ['null', null, null],
  ])('transcriptOf: %s', (_name, sdkMessage, expected) => {
    expect(transcriptOf(sdkMessage)).toEqual(expected);
  });
});

describe('mute', () => {
  it("calls the SDK's setMuted while the call is connected; one that throws is logged, not thrown, and answers false", async () => {
    const { call, client } = await begin();
    expect(call.setMuted(true)).toBe(false);
    expect(client.setMuted, 'before the call connected').not.toHaveBeenCalled();
    await client.connect();
    expect([call.setMuted(true), call.setMuted(false)]).toEqual([true, true]);
    expect(client.setMuted.mock.calls).toEqual([[true], [false]]);
    client.setMuted.mockImplementationOnce(() => {
      throw new Error('no call object');
    });
    expect(call.setMuted(true)).toBe(false);
    expect(warn).toHaveBeenCalledWith('[franchise-ai-demo] voice: mute failed:', expect.stringContaining('no call object'));
    await call.stop();
    expect(call.setMuted(true)).toBe(false);
    expect(client.setMuted, 'after the call').toHaveBeenCalledTimes(3);
  });
});

describe('the volume level', () => {
  it('goes to onVolume at the next frame, the latest level of those that came before it; stops with the call: a frame already asked for delivers nothing, and later levels ask for none', async () => {
    const levels: number[] = [];
    const { call, client, frames, runFrame, events } = await connected(setup(), { onVolume: (level) => levels.push(level) });
    for (const level of [0.2, 0.5, 0.9]) client.sendVolume(level);
    expect(frames).toHaveLength(1);
    expect(levels).toEqual([]);
    runFrame();
    expect(levels).toEqual([0.9]);
    client.sendVolume(0.3);
    runFrame();
    runFrame();
    expect(levels).toEqual([0.9, 0.3]);
    expect(types(events)).toEqual(['call-started']); // never an event for the reducer
    client.sendVolume(0.7);
    await call.stop();
    runFrame();
    client.sendVolume(0.4); // the SDK's listeners are gone; the fake emits to nobody
    expect(frames).toEqual([]);
    expect(levels).toEqual([0.9, 0.3]);
  });
});

describe("the assistant handed to the SDK (from then on it is spent: its call may be the provider's)", () => {
  it("is told once, just before the SDK's start(), and before anything the SDK reports", async () => {
    const harness = setup();
    /** Each event, with how often the SDK's start() had been called by then. */
    const seen: Array<[VoiceEvent['type'], number]> = [];
    const { options } = callOptions({ onEvent: (event) => void seen.push([event.type, harness.clients.at(-1)!.start.mock.calls.length]) });
    started.push(await harness.startVoiceCall(options));
    await flush();
    const client = harness.clients.at(-1)!;
    await client.join();
    expect(
      seen.map(([type]) => type),
      "the call's id, once start() resolved with the web call",
    ).toEqual(['assistant-used', 'call-id']);
    await client.connect();
    client.emit('call-start');
    await client.leave();
    expect(seen.map(([type, starts]) => `${type} ${starts}`)).toEqual(['assistant-used 0', 'call-id 1', 'call-started 1', 'call-ended 1']);
  });
  it('not when the SDK never got it: a client that cannot be made (the microphone refused, a stop during the prompt: the microphone)', async () => {
    const broken = setup();
    broken.createVapi.mockImplementation(() => {
      throw new Error('no Daily');
    });
    const unmade = await begin(broken);
    expect(unmade.uses).toEqual([]);
    expect(types(unmade.events)).toEqual(['call-failed']);
  });
});

describe('failures: call-failed once, with its message, and the client stopped', () => {
  type Drive = (client: FakeVapi) => unknown;
  /** `then` once the call joined, or once it connected. */
  const joined = (then: Drive) => async (client: FakeVapi) => (await client.join(), await then(client), flush());
  const inCall = (then: Drive) => async (client: FakeVapi) => (await client.connect(), await then(client), flush());
  const sdkError = (type: string, error: object) => (client: FakeVapi) => client.emit('error', { type, error });
  const ejected: Drive = (client) => client.dailyFatalError(MEETING_ENDED);
  const lost: Drive = (client) => client.dailyFatalError(CONNECTION_LOST);
  const STARTED: CallEvent = { type: 'call-started' };
  const NO_ASSISTANT = new Error('No assistant.');
  const NOT_PLAYED = { message: 'play() failed', name: 'NotAllowedError' };
  const validationError = { type: 'validation-error', stage: 'input-validation', error: { message: 'No assistant.' } };
  it.each<[string, (client: FakeVapi) => Promise<unknown>, CallEvent[]]>([
    ['a failed start (start-method-error, then null)', (client) => client.failStart('Failed to fetch'), [failed('Failed to fetch')]],
    ['start() resolving null without an error', (client) => client.resolveNull(), [failed('The call could not be started.')]],
    ['start() rejecting', (client) => client.rejectStart(NO_ASSISTANT), [failed('No assistant.')]],
    ["start() rejecting after an 'error' (validation-error), once", (client) => client.rejectStart(NO_ASSISTANT, validationError), [failed('No assistant.')]],
    // The provider's 'ejected' before the assistant said 'listening' is a start that failed.
    ["the provider's end before the call connected", joined(ejected), [failed('Meeting has ended')]],
    ["another of Daily's fatal errors on a connected call (the connection lost)", inCall(lost), [STARTED, failed('network unreachable')]],
    ['a fatal error during the call (daily-error)', inCall(sdkError('daily-error', { message: 'connection lost' })), [STARTED, failed('connection lost')]],
    ['audio-start-failed (unheard, and the SDK cannot retry)', inCall(sdkError('audio-start-failed', NOT_PLAYED)), [STARTED, failed('play() failed')]],
  ])('%s', async (_label, drive, expected) => {
    const { events, client, uses } = await begin();
    await drive(client);
    expect(events).toEqual(expected);
    expect(uses, 'the assistant is spent all the same: the POST /call/web may have made the call').toEqual([0]);
    expect(client.stop).toHaveBeenCalledTimes(1);
    expect(client.live).toBe(false);
    expect(activeCall()).toBeUndefined();
  });
  it.each(['video-recording-setup-error', 'audio-observer-setup-error', 'audio-processing-setup-error'])(
    'a non-fatal %s during the start does not fail the call',
    async (type) => {
      const { events, client } = await begin();
      client.emit('error', { type, stage: type.replace(/-error$/, ''), error: { message: 'optional feature failed' } });
      await client.connect();
      client.emit('error', { type, error: { message: 'again, mid-call' } });
      await flush();
      expect(events).toEqual([{ type: 'call-started' }]);
      expect(client.stop).not.toHaveBeenCalled();
      expect(activeCall()).toBeDefined();
      expect(warn).toHaveBeenCalledWith('[franchise-ai-demo] voice:', 'optional feature failed');
    },
  );
  it('stop() failing is logged, not thrown, and the audio is still removed', async () => {
    const { call, events, client } = await begin();
    client.stop.mockImplementationOnce(async () => {
      client.destroyCallObject();
      throw new Error('destroy failed');
    });
    await client.connect();
    const player = client.playAudio();
    await expect(call.stop()).resolves.toBeUndefined();
    expect(types(events)).toEqual(['call-started', 'call-ended']);
    expect(player.remove).toHaveBeenCalled();
    expect(body.size).toBe(0);
    expect(warn).toHaveBeenCalledWith('[franchise-ai-demo] voice: stop failed:', 'destroy failed');
  });
});

describe('our start timeout', () => {
  it.each<[number | undefined, number, string, string]>([
    [undefined, DEFAULT_START_TIMEOUT_MS, '30 s', ''],
    [5_000, 5_000, '5 s', ''],
    [5_000, 5_000, '5 s', ', also when start() resolved but the assistant never said listening'],
  ])("startTimeoutMs %s: fails the call and stops the client when 'call-start' never comes (after %i ms)%s", async (startTimeoutMs, ms, words, joined) => {
    expect(DEFAULT_START_TIMEOUT_MS).toBe(30_000);
    const { events, client } = await begin(setup(), startTimeoutMs ? { startTimeoutMs } : {});
    if (joined) await client.join();
    await vi.advanceTimersByTimeAsync(ms - 1);
    expect(events).toEqual([]);
    expect(client.stop).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(events).toEqual([failed(`The call did not start within ${words}.`)]);
    expect(client.stop).toHaveBeenCalledTimes(1);
    expect(activeCall()).toBeUndefined();
  });
  it.each<[string, (client: FakeVapi) => Promise<void>, VoiceEvent['type'][]]>([
    ['once the call started', (client) => client.connect(), ['call-started']],
    ['when the start fails, so only one failure is reported', (client) => client.failStart(), ['call-failed']],
  ])('is cleared %s', async (_label, settle, expected) => {
    const { call, events, client } = await begin(setup(), { startTimeoutMs: 1_000 });
    await settle(client);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(types(events)).toEqual(expected);
    expect(client.stop).toHaveBeenCalledTimes(expected[0] === 'call-started' ? 0 : 1);
    if (expected[0] === 'call-failed') expect(vi.getTimerCount()).toBe(0);
    await call.stop();
  });
  it('does not run while the visitor answers the microphone prompt', async () => {
    const prompt = deferred<void>();
    const { events, createVapi } = await begin(
      setup(() => prompt.promise),
      { startTimeoutMs: 1_000 },
    );
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events).toEqual([]);
    expect(createVapi).not.toHaveBeenCalled();
    prompt.resolve();
    await flush();
    expect(createVapi).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(types(events)).toEqual(['call-failed']);
  });
});

describe('the microphone', () => {
  it.each([
    ['a refusal (NotAllowedError)', new DOMException('Permission denied', 'NotAllowedError'), 'microphone-blocked'],
    ['no microphone (NotFoundError)', new DOMException('Requested device not found', 'NotFoundError'), 'microphone-not-found'],
    ['a page without getUserMedia', new Error('This page cannot use a microphone (it needs https).'), 'microphone-unavailable'],
  ] as const)('%s reports its reason and never creates the client', async (_label, error, reason) => {
    const { events, createVapi, uses } = await begin(setup(() => Promise.reject(error)));
    expect(events).toEqual([{ type: 'call-failed', reason, message: error.message }]);
    expect(createVapi).not.toHaveBeenCalled();
    expect(uses, 'the assistant is not spent').toEqual([]);
    expect(activeCall()).toBeUndefined();
  });
  it.each([
    ['stop()', 'resolve'],
    ['stop()', 'reject'],
    ['a second start', 'resolve'],
  ] as const)('%s during the prompt: call-ended, and the prompt answered (%s) later makes no client and reports nothing more', async (how, answer) => {
    const prompt = deferred<void>();
    const { call, events, createVapi, uses } = await begin(setup(() => prompt.promise));
    const second = how === 'stop()' ? (await call.stop(), undefined) : await begin();
    expect(events).toEqual([{ type: 'call-ended' }]);
    expect(activeCall()).toBe(second?.call);
    if (answer === 'resolve') prompt.resolve();
    else prompt.reject(new DOMException('Permission denied', 'NotAllowedError'));
    await flush();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(createVapi).not.toHaveBeenCalled();
    expect(events).toEqual([{ type: 'call-ended' }]);
    expect(uses, 'the assistant is not spent').toEqual([]);
    if (second) expect(second.client.start, 'the second call goes on').toHaveBeenCalledTimes(1);
  });
});

describe('checkMicrophone (the default check)', () => {
  it('asks for audio and releases the tracks at once', async () => {
    const tracks = [{ stop: vi.fn() }, { stop: vi.fn() }];
    const getUserMedia = vi.fn(async () => ({ getTracks: () => tracks }));
    vi.stubGlobal('navigator', { mediaDevices: { getUserMedia } });
    await expect(checkMicrophone()).resolves.toBeUndefined();
    expect(getUserMedia).toHaveBeenCalledWith({ audio: true });
    for (const track of tracks) expect(track.stop).toHaveBeenCalledTimes(1);
  });
  it.each([
    ['no mediaDevices (http page)', {}],
    ['no getUserMedia', { mediaDevices: {} }],
  ])('rejects with %s', async (_label, navigatorStub) => {
    vi.stubGlobal('navigator', navigatorStub);
    await expect(checkMicrophone()).rejects.toThrow('This page cannot use a microphone (it needs https).');
  });
});

describe('one active call per page', () => {
  it('a second start stops the first, which reports call-ended, before the second client is created', async () => {
    const harness = setup();
    const first = await connected(harness);
    const seenAtCreation: unknown[] = [];
    harness.hooks.beforeCreate = () => seenAtCreation.push(types(first.events), first.client.stop.mock.calls.length, activeCall() ? 'some' : 'none');
    const second = await begin(harness);
    expect(seenAtCreation).toEqual([['call-started', 'call-ended'], 1, 'some']);
    expect(types(first.events)).toEqual(['call-started', 'call-ended']);
    expect(first.client.stop).toHaveBeenCalledTimes(1);
    expect(harness.clients).toHaveLength(2);
    expect(second.client).not.toBe(first.client);
    expect(second.client.start).toHaveBeenCalledTimes(1);
    expect(second.events).toEqual([]);
    expect(activeCall()).toBe(second.call);
  });
  it('also across two copies of the script (a second module instance)', async () => {
    vi.resetModules();
    const copy2 = await import('./voice-adapter.ts');
    expect(copy2.createStartVoiceCall).not.toBe(createStartVoiceCall);
    const first = await begin();
    const { clients, createVapi, micCheck } = setup();
    const other = copy2.createStartVoiceCall(createVapi, micCheck);
    const { options, events } = callOptions();
    started.push(await other(options));
    await flush();
    expect(types(first.events)).toEqual(['call-ended']);
    expect(first.client.stop).toHaveBeenCalledTimes(1);
    expect(clients).toHaveLength(0); // the first client's start() is still in flight
    await first.client.join();
    expect(first.client.stop).toHaveBeenCalledTimes(2);
    expect(clients).toHaveLength(1);
    expect(events).toEqual([]);
  });
  it.each<[string, (first: Awaited<ReturnType<typeof begin>>) => Promise<Harness>]>([
    ['a second widget starts', async () => setup()],
    ['the same widget starts again right after a stop', async (first) => (await first.call.stop(), first)],
  ])("%s during the first call's POST: the first is stopped again once joined, before the second client exists", async (_label, next) => {
    const first = await begin();
    const harness = await next(first);
    const clientsBefore = harness.clients.length;
    const second = await begin(harness);
    expect(types(first.events)).toEqual(['call-ended']);
    expect(activeCall()).toBe(second.call);
    expect(harness.clients, 'none yet: Daily allows one call object per page').toHaveLength(clientsBefore);
    const seenAtCreation: unknown[] = [];
    harness.hooks.beforeCreate = () => seenAtCreation.push(first.client.callObject, first.client.stop.mock.calls.length);
    await first.client.join();
    expect(seenAtCreation).toEqual(['destroyed', 2]);
    const secondClient = harness.clients.at(-1)!;
    await secondClient.connect();
    expect(types(second.events)).toEqual(['call-started']);
    expect(types(first.events)).toEqual(['call-ended']);
    expect(FakeVapi.instances.filter((client) => client.live)).toEqual([secondClient]);
  });
  it(`waits at most ${RELEASE_WAIT_MS / 1000} s for an earlier start() that hangs, then starts anyway`, async () => {
    await begin();
    const second = await begin();
    await vi.advanceTimersByTimeAsync(RELEASE_WAIT_MS - 1);
    expect(second.createVapi).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(second.createVapi).toHaveBeenCalledTimes(1);
    expect(second.events).toEqual([]);
  });
  it('stopped while it waits for an earlier client: no client is ever created', async () => {
    const first = await begin();
    const second = await begin();
    await second.call.stop();
    expect(second.events).toEqual([{ type: 'call-ended' }]);
    await first.client.join();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(second.createVapi).not.toHaveBeenCalled();
    expect(second.events).toEqual([{ type: 'call-ended' }]);
  });
  it('two starts in the same tick still leave only one call running', async () => {
    const harness = setup();
    const [a, b] = [callOptions(), callOptions()];
    started.push(...(await Promise.all([harness.startVoiceCall(a.options), harness.startVoiceCall(b.options)])));
    await flush();
    expect(harness.clients.filter((client) => client.stop.mock.calls.length === 0)).toHaveLength(1);
    expect(types(a.events)).toEqual(['call-ended']);
  });
});

describe("startBrowserCall: the widget's handle from the click on Start Call, before the voice chunk has loaded", () => {
  /** A handle whose voice chunk (a deferred) brings this harness's adapter; `load()` lets it arrive. */
  function handle(harness: Harness = setup()) {
    const { options, events, callIds, uses } = callOptions();
    const chunk = deferred<{ startVoiceCall: StartVoiceCall }>();
    const startVoiceCall = vi.fn<StartVoiceCall>(harness.startVoiceCall);
    const call = startBrowserCall(() => chunk.promise, options);
    started.push(call);
    const load = async () => (chunk.resolve({ startVoiceCall }), await flush());
    return { ...harness, call, events, callIds, uses, chunk, startVoiceCall, load };
  }
  it.each([
    ['then stop(): call-failed once, nothing more', false, [failed('The voice client could not be loaded: offline')]],
    ['after stop(): call-ended only', true, [{ type: 'call-ended' }]],
  ])('a chunk that fails to load, %s', async (_label, stopFirst, expected) => {
    const { call, chunk, events } = handle();
    if (stopFirst) await call.stop();
    chunk.reject(new TypeError('offline'));
    await flush();
    await call.stop();
    expect(events).toEqual(expected);
  });
  it('End Call, then the element removed, while the chunk loads: call-ended at once and once, Mute does nothing, and the chunk arriving later starts nothing', async () => {
    const { call, events, load, startVoiceCall, micCheck, createVapi } = handle();
    expect(call.setMuted(true), 'Mute while the chunk loads').toBe(false);
    await Promise.all([call.stop(), call.stop()]);
    await call.stop();
    expect(events).toEqual([{ type: 'call-ended' }]);
    await load();
    await vi.advanceTimersByTimeAsync(60_000);
    expect([startVoiceCall, micCheck, createVapi].map((spy) => spy.mock.calls.length)).toEqual([0, 0, 0]);
    expect(activeCall()).toBeUndefined();
    expect(events).toEqual([{ type: 'call-ended' }]);
  });
  it("a handle stopped while its chunk loads does not end another widget's call when the chunk arrives (it never takes the page's call slot)", async () => {
    const other = handle();
    await other.load();
    await other.clients[0]!.connect();
    const stopped = handle();
    await stopped.call.stop();
    await stopped.load();
    expect([types(other.events), other.callIds, other.uses]).toEqual([['call-started'], [WEB_CALL.id], [0]]);
    expect(other.clients[0]!.live).toBe(true);
    expect(activeCall()).toBeDefined();
  });
});

describe('stop() and settling', () => {
  it('every <audio> reported (a renegotiated track too) is removed on stop(), only after the SDK client was stopped', async () => {
    const { call, client } = await connected();
    const players = [client.playAudio('assistant'), client.playAudio('assistant')];
    const stopping = deferred<void>();
    client.stop.mockImplementationOnce(async () => {
      await stopping.promise;
      client.destroyCallObject();
    });
    const done = call.stop();
    await flush();
    expect(players[0]!.remove).not.toHaveBeenCalled();
    stopping.resolve();
    await done;
    for (const player of players) expect(player.remove).toHaveBeenCalledTimes(1);
    expect(body.size).toBe(0);
  });
  it('stop() is idempotent: one call-ended, one client stop', async () => {
    const { call, events, client } = await connected();
    await Promise.all([call.stop(), call.stop()]);
    await call.stop();
    expect(types(events)).toEqual(['call-started', 'call-ended']);
    expect(client.stop).toHaveBeenCalledTimes(1);
    expect(activeCall()).toBeUndefined();
  });
  it.each<[string, (call: VoiceCall) => Promise<unknown>, CallEvent]>([
    ['stop()', (call) => call.stop(), { type: 'call-ended' }],
    ['our start timeout', () => vi.advanceTimersByTimeAsync(1_000), failed('The call did not start within 1 s.')],
  ])(
    '%s during the POST /call/web: start() still joins, and that call is stopped again when start() resolves; nothing more is reported, its id neither, and an <audio> attached later (during the join too) is only removed',
    async (_label, settle, settled) => {
      const { call, events, client, callIds, uses } = await begin(setup(), { startTimeoutMs: 1_000 });
      await settle(call);
      expect(events).toEqual([settled]);
      expect(client.stop).toHaveBeenCalledTimes(1);
      expect(activeCall()).toBeUndefined();
      expect(releasing()).toBe(1); // the client is not released while its start() is in flight
      for (const event of REPORTING_EVENTS) expect(client.listenerCount(event)).toBe(0);
      const players = [client.playAudio()];
      await client.answerWebCall();
      players.push(client.playAudio()); // real Daily can start the assistant's track during the join
      await client.join(); // what the real SDK does: it resolves with the web call, joined
      expect(client.stop).toHaveBeenCalledTimes(2);
      expect(client.live).toBe(false);
      expect(releasing()).toBe(0);
      client.emit('call-start');
      players.push(client.playAudio());
      client.emit('speech-start');
      await client.leave();
      expect(events).toEqual([settled]);
      expect([callIds, uses]).toEqual([[], [0]]);
      for (const player of players) expect(player.remove).toHaveBeenCalledTimes(1);
      expect(body.size).toBe(0);
    },
  );
  it('stop() during the join destroys the call object: the SDK gives up by itself (errors, then null) and is not stopped again', async () => {
    const { call, events, client } = await begin();
    await client.answerWebCall();
    await call.stop();
    expect(client.callObject).toBe('destroyed');
    await expect(client.join()).resolves.toBeUndefined(); // its 'error's reach the guard listener, not the page
    expect(client.stop).toHaveBeenCalledTimes(1);
    expect(events).toEqual([{ type: 'call-ended' }]);
    expect(releasing()).toBe(0);
  });
  it.each<[string, (call: Awaited<ReturnType<typeof connected>>) => Promise<unknown>, VoiceEvent['type'], unknown[][]]>([
    ['the call ended', ({ client }) => client.leave(), 'call-ended', []],
    // Daily's 'ejected', as the SDK 2.7.1 passes it on: the provider hung up, an end and not a failure.
    [
      'the provider ended it',
      ({ client }) => client.dailyFatalError(MEETING_ENDED),
      'call-ended',
      [['[franchise-ai-demo] voice: the provider ended the call.']],
    ],
    ['it failed', ({ client }) => (client.emit('error', { type: 'daily-error', error: { message: 'ejected' } }), flush()), 'call-failed', []],
    ['a second start replaced it', (call) => begin(call).then((second) => second.call), 'call-ended', []],
  ])(
    'after %s: reported once, the client stopped, its <audio> removed, nothing warned (a console.debug for the provider); stop() reports nothing and stops nothing twice, no SDK event is reported, and a late error does not throw',
    async (_label, end, last, debugged) => {
      const debug = vi.spyOn(console, 'debug').mockImplementation(() => undefined);
      const error = vi.spyOn(console, 'error');
      const first = await connected();
      const { call, events, client } = first;
      const player = client.playAudio();
      const replacement = await end(first);
      expect(types(events)).toEqual(['call-started', last]);
      expect(client.live).toBe(false);
      expect(activeCall(), "the page's call: none, or the one that replaced it").toBe(replacement);
      expect([player.remove.mock.calls.length, body.size]).toEqual([1, 0]);
      await call.stop();
      expect(client.stop).toHaveBeenCalledTimes(1);
      expect(client.listenerCount('error')).toBeGreaterThan(0); // EventEmitter throws on an 'error' nobody listens to
      for (const event of ['call-start', 'speech-start', 'speech-end', 'call-end']) client.emit(event);
      expect(() => client.emit('error', { type: 'daily-error', error: { message: 'torn down' } })).not.toThrow();
      expect(() => client.emit('error', new Error('torn down'))).not.toThrow();
      client.playAudio();
      await vi.advanceTimersByTimeAsync(120_000);
      expect(types(events)).toEqual(['call-started', last]);
      expect([debug.mock.calls, warn.mock.calls, error.mock.calls]).toEqual([debugged, [], []]);
    },
  );
});
