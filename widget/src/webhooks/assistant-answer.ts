/** The id of `{assistantId}` / `{assistant_id}`, or of an array of exactly one such object (n8n's *All Entries*). */
export function readAssistantId(body: unknown): string | undefined {
  const record: unknown = Array.isArray(body) && body.length === 1 ? body[0] : body;
  if (!isRecord(record)) return undefined;
  // The first usable one wins, so an empty `assistantId` does not hide a good `assistant_id`.
  return [record['assistantId'], record['assistant_id']].find((id): id is string => typeof id === 'string' && id.trim() !== '');
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
