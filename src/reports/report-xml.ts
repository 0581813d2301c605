import { create } from 'xmlbuilder2';
import type { ReportFeed } from '../shared/report-types.js';

// The XML feed: the one place xmlbuilder2 is used. Elements mirror the JSON feed's fields; a null
// value is an empty element.

// Characters XML 1.0 cannot carry at all (control characters, lone surrogates, U+FFFE/F).
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(NOT_XML, '');
}

export function feedToXml(feed: ReportFeed): string {
  const doc = create({ version: '1.0', encoding: 'UTF-8' });
  const root = doc.ele('report', { generatedAtUtc: feed.generatedAtUtc, timeZone: feed.timeZone });
  const s = root.ele('snippet', { id: feed.snippet.snippetId });
  s.ele('title').txt(xmlText(feed.snippet.title));
  s.ele('status').txt(feed.snippet.status ? 'active' : 'inactive');
  const totals = root.ele('totals');
  for (const [k, v] of Object.entries(feed.totals)) totals.ele(k).txt(xmlText(v));
  const records = root.ele('records', { page: String(feed.page), size: String(feed.size), totalCount: String(feed.totalCount) });
  for (const r of feed.records) {
    const el = records.ele('record');
    for (const [k, v] of Object.entries(r)) el.ele(k).txt(xmlText(v));
  }
  return doc.end({ prettyPrint: true });
}
