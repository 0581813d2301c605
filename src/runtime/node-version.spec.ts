import fs from 'node:fs';
import path from 'node:path';
import { projectRoot } from '../common/paths.js';
import { MINIMUM_NODE_VERSION, isSupportedNode, nodeVersionProblem } from './node-version.js';

const read = (file: string) => fs.readFileSync(path.join(projectRoot, file), 'utf8');
const major = Number(MINIMUM_NODE_VERSION.split('.')[0]);

describe('isSupportedNode', () => {
  it('accepts the minimum and anything newer, with or without a leading v', () => {
    expect(isSupportedNode('24.0.0', '24.0.0')).toBe(true);
    expect(isSupportedNode('v24.21.0', '24.0.0')).toBe(true);
    expect(isSupportedNode('25.1.0', '24.3.0')).toBe(true);
    expect(isSupportedNode('24.3.1', '24.3.0')).toBe(true);
  });

  it('refuses anything older, down to the patch', () => {
    expect(isSupportedNode('20.20.2', '24.0.0')).toBe(false);
    expect(isSupportedNode('22.17.0', '24.0.0')).toBe(false);
    expect(isSupportedNode('24.2.9', '24.3.0')).toBe(false);
    expect(isSupportedNode('24.3.0', '24.3.1')).toBe(false);
    // A numeric comparison, not a string one: 9 < 10.
    expect(isSupportedNode('9.99.99', '10.0.0')).toBe(false);
  });

  it('refuses a version it cannot read', () => {
    expect(isSupportedNode('', '24.0.0')).toBe(false);
    expect(isSupportedNode('twenty', '24.0.0')).toBe(false);
  });
});

describe('nodeVersionProblem', () => {
  it('is null on a supported Node.js', () => {
    expect(nodeVersionProblem('24.21.0', '/usr/bin/node', '24.0.0')).toBeNull();
  });

  it('names the needed version, the running one and its path, and the way out', () => {
    const msg = nodeVersionProblem('20.20.2', '/usr/bin/node', '24.0.0');
    expect(msg).toContain('EyeMail needs Node.js 24 or newer');
    expect(msg).toContain('/usr/bin/node is Node.js 20.20.2');
    expect(msg).toContain('npm start');
  });
});

// One answer to "which Node.js?" everywhere it is written down.
describe('the supported Node.js is the same everywhere', () => {
  const pkg = JSON.parse(read('package.json')) as { engines: { node: string }; devDependencies: Record<string, string> };

  it('package.json engines is ">=" the minimum the server checks', () => {
    expect(pkg.engines.node).toBe(`>=${MINIMUM_NODE_VERSION}`);
  });

  it('the tests run on the lowest supported line (the devDependency node and the running one)', () => {
    expect(Number(pkg.devDependencies.node.split('.')[0])).toBe(major);
    const running = Number(process.versions.node.split('.')[0]);
    if (running !== major) {
      throw new Error(`These tests run on Node.js ${process.versions.node} (${process.execPath}); run them on ${major} with npm test or node_modules/.bin/node.`);
    }
  });

  it('every Dockerfile stage is built on that line', () => {
    const froms = [...read('Dockerfile').matchAll(/^FROM\s+node:(\d+)/gm)].map((m) => Number(m[1]));
    expect(froms.length).toBeGreaterThan(0);
    expect(new Set(froms)).toEqual(new Set([major]));
  });

  it('README names it', () => {
    expect(read('README.md')).toContain(`Node.js ${major} or newer`);
  });
});
