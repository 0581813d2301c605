// A strict well-formedness check for the simple XML documents the API writes (elements,
// attributes, text; no comments, CDATA or DTD): balanced tags, quoted attributes, and no bare
// & or < in text or attribute values. Returns the problems found (empty when well-formed).
export function xmlProblems(xml: string): string[] {
  const problems: string[] = [];
  const body = xml.replace(/^\uFEFF?<\?xml[^?]*\?>\s*/, '');
  const stack: string[] = [];
  const badText = /&(?!(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;
  let roots = 0;
  let pos = 0;
  for (const m of body.matchAll(/<[^<>]*>/g)) {
    const text = body.slice(pos, m.index);
    if (text.includes('>') || badText.test(text)) problems.push(`bad text before offset ${m.index}: ${text.slice(0, 40)}`);
    if (!stack.length && text.trim()) problems.push('text outside the root element');
    pos = m.index! + m[0].length;
    const tag = m[0];
    const close = /^<\/([A-Za-z_][\w.-]*)\s*>$/.exec(tag);
    if (close) {
      if (stack.pop() !== close[1]) problems.push(`unbalanced </${close[1]}>`);
      continue;
    }
    const open = /^<([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_][\w.:-]*="[^"<]*")*)\s*(\/?)>$/.exec(tag);
    if (!open) {
      problems.push(`malformed tag ${tag.slice(0, 60)}`);
      continue;
    }
    if (badText.test(open[2])) problems.push(`bad attribute value in ${tag.slice(0, 60)}`);
    if (!stack.length) roots += 1;
    if (!open[3]) stack.push(open[1]);
  }
  if (body.slice(pos).trim()) problems.push('text after the root element');
  if (stack.length) problems.push(`unclosed <${stack.join('>, <')}>`);
  if (roots !== 1) problems.push(`${roots} root elements`);
  return problems;
}
