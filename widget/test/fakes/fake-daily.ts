import { CONNECTION_LOST, type DailyFatalError, MEETING_ENDED } from './daily-errors.ts';

// `@daily-co/daily-js` for the test build (FAD_FAKE_DAILY=1): what the real voice SDK calls; one call object at a time, as Daily allows.

type Listener = (event: Record<string, unknown>) => void;

const REMOTE = { session_id: 'remote-assistant', user_name: 'Vapi Speaker', local: false } as const;
let current: FakeCallObject | null = null;
/** Created and not yet destroyed. */
const existing = new Set<FakeCallObject>();
let remoteLevel = 0;

const controls = {
  /** What the fake saw, JSON-friendly so tests can read it with page.evaluate. */
  log: {
    created: [] as Array<{ dailyConfig: unknown }>,
    joins: [] as Array<{ url: string }>,
    destroyed: 0,
    /** Call objects joined to their room right now (left and destroyed ones are not). */
    live: 0,
    /** Every setLocalAudio(enabled): false is the visitor's microphone muted (the SDK's setMuted). */
    localAudio: [] as boolean[],
  },
  /** When set, the next join() rejects with this message. */
  failNextJoin: null as string | null,
  /** The assistant's audio level (0-1), reported every observer interval like Daily does. */
  setRemoteAudioLevel: (level: number) => void (remoteLevel = level),
  /** The meeting ends from the far side: 'left-meeting' on the current call object. */
  leave: () => current?.leave(),
  /** The provider ends the meeting as Daily tells it: `error` of type `ejected`, 'Meeting has ended', then 'left-meeting'. */
  endMeeting: () => current?.fatalError(MEETING_ENDED),
  /** An unrecoverable Daily error of another kind, the connection lost: `error`, then 'left-meeting'. */
  fatalError: () => current?.fatalError(CONNECTION_LOST),
  /** An app message from the assistant's side, as Vapi's server sends it (a transcript: `{ type: 'transcript', role, transcriptType, transcript }`). */
  appMessage: (message: unknown) => current?.appMessage(message),
};
export type FakeDailyLog = typeof controls.log;
declare global {
  interface Window {
    __fakeDaily?: typeof controls;
  }
}
window.__fakeDaily = controls;

let clients = 0;

class FakeCallObject {
  private readonly listeners = new Map<string, Set<Listener>>();
  /** Named in every event, as Daily names the call client that emitted it. */
  private readonly callClientId = `fake-call-client-${++clients}`;
  private joined = false;
  private destroyed = false;
  private audio: AudioContext | null = null;
  private observer: ReturnType<typeof setInterval> | undefined;
  on(event: string, listener: Listener): this {
    if (!this.listeners.has(event)) this.listeners.set(event, new Set());
    this.listeners.get(event)!.add(listener);
    return this;
  }
  once(event: string, listener: Listener): this {
    const wrapped: Listener = (payload) => {
      this.off(event, wrapped);
      listener(payload);
    };
    return this.on(event, wrapped);
  }
  off(event: string, listener: Listener): this {
    this.listeners.get(event)?.delete(listener);
    return this;
  }
  iframe(): HTMLIFrameElement | null {
    return null;
  }
  async join(options: { url: string; subscribeToTracksAutomatically?: boolean }): Promise<Record<string, unknown>> {
    controls.log.joins.push({ url: options.url });
    const failure = controls.failNextJoin;
    if (failure !== null) {
      controls.failNextJoin = null;
      throw new Error(failure);
    }
    if (this.destroyed) throw new Error('Use after destroy');
    this.joined = true;
    controls.log.live++;
    // Like Daily, events come after join() has resolved: the SDK registers some listeners only then.
    setTimeout(() => this.assistantArrives(), 0);
    return {};
  }
  private assistantArrives(): void {
    if (!this.joined || this.destroyed) return;
    this.audio = new AudioContext();
    const destination = this.audio.createMediaStreamDestination();
    const track = destination.stream.getAudioTracks()[0]!;
    this.emit('participant-joined', { participant: REMOTE });
    this.emit('track-started', { participant: REMOTE, track });
    this.emit('app-message', { data: 'listening', fromId: REMOTE.session_id });
  }
  startRemoteParticipantsAudioLevelObserver(interval = 100): Promise<void> {
    clearInterval(this.observer);
    this.observer = setInterval(() => {
      if (this.joined) this.emit('remote-participants-audio-level', { participantsAudioLevel: { [REMOTE.session_id]: remoteLevel } });
    }, interval);
    return Promise.resolve();
  }
  updateInputSettings(_settings: unknown): Promise<unknown> {
    return Promise.resolve({});
  }
  updateParticipant(_sessionId: string, _update: unknown): this {
    return this;
  }
  sendAppMessage(_message: unknown): this {
    return this;
  }
  setLocalAudio(enabled: boolean): this {
    controls.log.localAudio.push(enabled);
    return this;
  }
  appMessage(message: unknown): void {
    if (this.joined) this.emit('app-message', { data: JSON.stringify(message), fromId: REMOTE.session_id });
  }
  /** Daily's fatal `error` ends the meeting: its `left-meeting` fires immediately after. */
  fatalError(error: DailyFatalError): void {
    if (!this.joined) return;
    this.emit('error', { ...error });
    this.leave();
  }
  leave(): void {
    if (!this.joined) return;
    this.joined = false;
    controls.log.live--;
    clearInterval(this.observer);
    this.emit('left-meeting', {});
  }
  async destroy(): Promise<void> {
    if (this.destroyed) return;
    this.destroyed = true;
    existing.delete(this);
    controls.log.destroyed++;
    this.leave(); // Daily leaves the meeting when its call object is destroyed
    this.listeners.clear();
    await this.audio?.close();
    if (current === this) current = null;
  }
  private emit(action: string, payload: Record<string, unknown>): void {
    for (const listener of [...(this.listeners.get(action) ?? [])]) listener({ action, ...payload, callClientId: this.callClientId });
  }
}

const DailyIframe = {
  createCallObject(options: { dailyConfig?: unknown } = {}): FakeCallObject {
    if (existing.size > 0) throw new Error('Duplicate DailyIframe instances are not allowed');
    controls.log.created.push({ dailyConfig: options.dailyConfig });
    current = new FakeCallObject();
    existing.add(current);
    return current;
  },
};

export default DailyIframe;
