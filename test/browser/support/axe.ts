// axe-core, the third-party accessibility engine, run inside a page against WCAG 2.1 A and AA.
// The page's own CSP forbids inline scripts, so contexts that use this need `bypassCSP: true`.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SOURCE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
export const WCAG21_AA_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; html: string; failureSummary?: string }[];
}

// Waits until no CSS transition or animation runs (a modal fading in would otherwise be measured
// half transparent), then runs axe on the whole document.
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await page.waitForFunction(() => {
    const doc = (globalThis as unknown as { document: { getAnimations(): { playState: string; effect: { getTiming(): { iterations: number } } | null }[] } }).document;
    return doc.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity);
  });
  const loaded = await page.evaluate(() => typeof (globalThis as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!loaded) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (tags) => {
    type Axe = { run(ctx: unknown, opts: unknown): Promise<{ violations: AxeViolation[] }> };
    const g = globalThis as unknown as { axe: Axe; document: unknown };
    const result = await g.axe.run(g.document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target, html: n.html.slice(0, 400), failureSummary: n.failureSummary })) }));
  }, WCAG21_AA_TAGS);
}

// "rule (impact) x count: first target - help", then why the first element fails (e.g. its
// colours and ratio), one rule per entry, for a failure message.
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map((v) => {
      const why = (v.nodes[0]?.failureSummary ?? '').split('\n').slice(1, 3).map((l) => l.trim()).join(' / ');
      return `${v.id} (${v.impact}) x${v.nodes.length}: ${JSON.stringify(v.nodes[0]?.target ?? [])} - ${v.help}${why ? `\n    ${why}` : ''}`;
    })
    .join('\n');
}

export const isBlocking = (v: AxeViolation): boolean => v.impact === 'critical' || v.impact === 'serious';
