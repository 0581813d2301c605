import { DEFAULT_PLATFORM_CODE, EMAIL_PLATFORMS } from './email-platforms.js';
import { pasteHintOf } from './paste-hints.js';

describe('where to paste the export', () => {
  it.each(EMAIL_PLATFORMS.map((p) => [p.code]))('says where %s takes the block and the whole document', (code) => {
    const hint = pasteHintOf(code);
    expect(hint.block.length).toBeGreaterThan(20);
    expect(hint.document.length).toBeGreaterThan(20);
    expect(hint.block).not.toBe(hint.document);
    // A platform of its own, not the generic fallback (unless it is the plain HTML choice).
    if (code !== DEFAULT_PLATFORM_CODE) expect(hint).not.toEqual(pasteHintOf(DEFAULT_PLATFORM_CODE));
  });

  it('falls back to the plain HTML hint for an unknown platform', () => {
    expect(pasteHintOf('nope')).toEqual(pasteHintOf(DEFAULT_PLATFORM_CODE));
  });
});
