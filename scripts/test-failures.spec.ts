// The failures named again at the end of `npm test`: from jest's --json result and node's TAP.
import { formatFailures, jestFailures, tapFailures } from './test-failures.mjs';

// Node's TAP for one passing test, one failing at the top, a suite with a failing test inside
// (message on several lines), and a test skipped with a directive.
const TAP = [
  'TAP version 13',
  '# Subtest: passes',
  'ok 1 - passes',
  '  ---',
  '  duration_ms: 1.04',
  '  ...',
  '# Subtest: sign-in says it\'s wrong',
  "not ok 2 - sign-in says it's wrong",
  '  ---',
  "  location: '/x/t.test.ts:4:1'",
  "  failureType: 'testCodeFailure'",
  "  error: 'expected ''Wrong password'' to be shown'",
  "  code: 'ERR_ASSERTION'",
  '  stack: |-',
  '    TestContext.<anonymous> (file:///x/t.test.ts:4:39)',
  '  ...',
  '# Subtest: export',
  '    # Subtest: at 600 px',
  '    not ok 1 - at 600 px',
  '      ---',
  "      failureType: 'testCodeFailure'",
  '      error: |-',
  '        locator.waitFor: Timeout 15000ms exceeded.',
  '        waiting for getByRole(\'img\')',
  '      stack: |-',
  '        at x (file:///x/t.test.ts:9:1)',
  '      ...',
  '    # Subtest: at 375 px',
  '    ok 2 - at 375 px # SKIP',
  '      ---',
  '      ...',
  '    1..2',
  'not ok 3 - export',
  '  ---',
  "  failureType: 'subtestsFailed'",
  "  error: '1 subtest failed'",
  '  ...',
  '1..3',
  '# fail 2',
].join('\n');

describe('tapFailures', () => {
  it('names each failed test with its suite, and its error without the stack', () => {
    expect(tapFailures(TAP, 'test/browser/t.test.ts')).toEqual([
      { file: 'test/browser/t.test.ts', name: "sign-in says it's wrong", message: ["expected 'Wrong password' to be shown"] },
      { file: 'test/browser/t.test.ts', name: 'export › at 600 px', message: ['locator.waitFor: Timeout 15000ms exceeded.', "waiting for getByRole('img')"] },
    ]);
  });

  it('finds nothing in a run that passed', () => {
    expect(tapFailures('TAP version 13\n# Subtest: a\nok 1 - a\n  ---\n  ...\n1..1\n# fail 0\n', 'a.test.ts')).toEqual([]);
  });
});

describe('jestFailures', () => {
  const result = {
    testResults: [
      { name: '/repo/test/e2e/a.e2e-spec.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'ok' }] },
      {
        name: '/repo/test/e2e/b.e2e-spec.ts',
        status: 'failed',
        assertionResults: [
          { status: 'passed', fullName: 'b works' },
          {
            status: 'failed',
            fullName: 'b refuses a bad name',
            failureMessages: ['Error: \u001b[2mexpect(\u001b[22mreceived\u001b[2m).toBe(\u001b[22mexpected\u001b[2m)\u001b[22m\n\nExpected: 400\nReceived: 201\n    at Object.<anonymous> (/repo/test/e2e/b.e2e-spec.ts:10:5)'],
          },
        ],
      },
      { name: '/repo/src/c.spec.ts', status: 'failed', assertionResults: [], message: 'Test suite failed to run\n\nSyntaxError: Unexpected token' },
    ],
  };

  it('names the failed tests and the files that failed to run, with their messages in plain text', () => {
    expect(jestFailures(result, (p: string) => p.replace('/repo/', ''))).toEqual([
      { file: 'test/e2e/b.e2e-spec.ts', name: 'b refuses a bad name', message: ['Error: expect(received).toBe(expected)', 'Expected: 400', 'Received: 201'] },
      { file: 'src/c.spec.ts', name: '(the file itself)', message: ['Test suite failed to run', 'SyntaxError: Unexpected token'] },
    ]);
  });
});

describe('formatFailures', () => {
  it('prints nothing when nothing failed, and each failure with its first lines otherwise', () => {
    expect(formatFailures([])).toBe('');
    expect(formatFailures([{ file: 'a.test.ts', name: 'x', message: ['boom'] }])).toBe('\nFailed (1):\n  ✖ a.test.ts › x\n      boom\n');
  });
});
