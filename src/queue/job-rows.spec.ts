import { toFairCandidate, toJobStatus } from './job-rows.js';

const row = { id: 'j1', name: 'encode-video', progress: '40', attemptsMade: '2', result: { ok: 1 }, error: 'last try failed' };

describe('a job row as its callers see it', () => {
  it('numbers the progress and attempts PostgreSQL returns as text', () => {
    expect(toJobStatus({ ...row, state: 'active' })).toEqual({ id: 'j1', name: 'encode-video', state: 'active', progress: 40, attemptsMade: 2 });
  });

  it('shows the result only once completed', () => {
    expect(toJobStatus({ ...row, state: 'completed' })).toMatchObject({ state: 'completed', result: { ok: 1 } });
    expect(toJobStatus({ ...row, state: 'completed', result: null })).toHaveProperty('result', undefined);
    expect(toJobStatus({ ...row, state: 'queued' })).not.toHaveProperty('result');
  });

  it('shows the error only once failed, with a message even when none was stored', () => {
    expect(toJobStatus({ ...row, state: 'failed' })).toMatchObject({ state: 'failed', error: 'last try failed' });
    expect(toJobStatus({ ...row, state: 'failed', error: null })).toMatchObject({ error: 'The job failed.' });
    expect(toJobStatus({ ...row, state: 'queued' })).not.toHaveProperty('error');
  });

  it('reads a fair-scheduling candidate, a group never served having no last start', () => {
    expect(toFairCandidate({ id: 'j1', group: 'acct', active: '1', lastStartedAt: '2026-01-01T10:00:00Z', dueAt: '2026-01-01T09:00:00Z' })).toEqual({
      id: 'j1',
      group: 'acct',
      active: 1,
      lastStartedAt: new Date('2026-01-01T10:00:00Z'),
      dueAt: new Date('2026-01-01T09:00:00Z'),
    });
    expect(toFairCandidate({ id: 'j2', group: '', active: '0', lastStartedAt: null, dueAt: new Date(0) }).lastStartedAt).toBeNull();
  });
});
