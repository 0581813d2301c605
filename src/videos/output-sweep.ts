// Pure: which stored encode outputs no encoding points at. An encode stores its three files under
// `v/<encodingId>/` and records them only once all three are stored, so a worker killed in
// between leaves files no row names (and a later attempt writes under fresh keys). Such files
// are removed once they are old enough that no attempt can still be about to record them.

export const SWEEP_JOB = 'sweep-encode-outputs';
// How often every instance asks for a sweep; the job id is the same for all of them within one
// period, so the queue runs one sweep per period however many instances ask.
export const SWEEP_EVERY_MS = 30 * 60 * 1000;
// The first request comes a little after start-up, not during it.
export const SWEEP_FIRST_AFTER_MS = 2 * 60 * 1000;
// An attempt records its outputs seconds after storing them; an hour is far beyond that.
export const SWEEP_GRACE_MS = 60 * 60 * 1000;
export const OUTPUT_PREFIX = 'v/';

export const sweepJobId = (now: number, everyMs = SWEEP_EVERY_MS) => `${SWEEP_JOB}-${Math.floor(now / everyMs)}`;

const OUTPUT_KEY = /^v\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/[^/]+$/;

// The encoding a stored output belongs to, or null for a key that is not an encode output.
export function encodingIdOfKey(key: string): string | null {
  return OUTPUT_KEY.exec(key)?.[1] ?? null;
}

export interface StoredOutput {
  key: string;
  updatedAt: Date;
}

export interface EncodingOutputs {
  id: string;
  state: 'queued' | 'active' | 'completed' | 'failed';
  keys: readonly (string | null)[];
}

// The keys to delete: old enough, recorded by no encoding, and not of an encoding being worked
// on right now (its attempt may be between storing and recording; the next sweep looks again).
export function orphanedOutputs(objects: readonly StoredOutput[], encodings: readonly EncodingOutputs[], now: number, graceMs = SWEEP_GRACE_MS): string[] {
  const byId = new Map(encodings.map((e) => [e.id, e]));
  return objects
    .filter((o) => {
      const id = encodingIdOfKey(o.key);
      if (!id || now - o.updatedAt.getTime() < graceMs) return false;
      const encoding = byId.get(id);
      if (!encoding) return true;
      return encoding.state !== 'active' && !encoding.keys.includes(o.key);
    })
    .map((o) => o.key);
}
