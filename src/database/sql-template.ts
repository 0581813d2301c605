// A piece of SQL with its parameters, so pieces compose without counting placeholders.
export class Sql {
  constructor(
    readonly text: string,
    readonly params: unknown[],
  ) {}
}

// sql`... ${value} ...`: values become ? parameters, Sql values are spliced in.
export function sql(strings: TemplateStringsArray, ...values: unknown[]): Sql {
  let text = strings[0];
  const params: unknown[] = [];
  values.forEach((v, i) => {
    if (v instanceof Sql) {
      text += v.text;
      params.push(...v.params);
    } else {
      text += '?';
      params.push(v);
    }
    text += strings[i + 1];
  });
  return new Sql(text, params);
}

export function joinSql(parts: Sql[], separator: string): Sql {
  return new Sql(parts.map((p) => p.text).join(separator), parts.flatMap((p) => p.params));
}
