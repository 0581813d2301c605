import fs from 'node:fs';
import path from 'node:path';
import { appNodeFlags } from './node-flags.mjs';

// The Docker image runs the app with the same V8 flags as `npm start` (docs/running.md: memory).
describe('the app\'s Node flags', () => {
  it('are the Dockerfile CMD\'s too', () => {
    const dockerfile = fs.readFileSync(path.join(import.meta.dirname, '..', 'Dockerfile'), 'utf8');
    const cmd = /^CMD\s+(\[.*\])\s*$/m.exec(dockerfile);
    expect(cmd).not.toBeNull();
    const args = JSON.parse(cmd![1]) as string[];
    expect(appNodeFlags('').length).toBeGreaterThan(0);
    for (const flag of appNodeFlags('')) expect(args).toContain(flag);
  });

  it('leave out those the operator sets in NODE_OPTIONS', () => {
    expect(appNodeFlags('--max-semi-space-size=32')).not.toContainEqual(expect.stringMatching(/^--max-semi-space-size/));
  });
});
