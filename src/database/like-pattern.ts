// A LIKE / ILIKE pattern matching the text anywhere, with the text's own % _ and \ taken
// literally (PostgreSQL's default escape character is \). Every search box's query uses it.
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
