import { ReadAs, readInput, Trimmed } from './transforms.js';

class Base {
  @Trimmed() name: string;
}
class Child extends Base {
  @ReadAs((v) => (typeof v === 'string' ? Number(v) : v)) count: number;
}

describe('readInput', () => {
  it('copies the top level onto the class, each field through its reader, inherited ones too', () => {
    const dto = readInput(Child, { name: ' Ann ', count: '3', extra: { deep: true } }) as Child & { extra: unknown };
    expect(dto).toBeInstanceOf(Child);
    expect({ ...dto }).toEqual({ name: 'Ann', count: 3, extra: { deep: true } });
  });

  it('runs a reader only for a field that was sent, and never walks nested values', () => {
    expect({ ...(readInput(Child, {}) as object) }).toEqual({});
    let deep: unknown = 'x';
    for (let i = 0; i < 100_000; i++) deep = { a: deep };
    expect((readInput(Base, { name: deep }) as Base).name).toBe(deep);
  });

  it('hands back what is not an object, and skips prototype keys', () => {
    for (const sent of [[1], 'text', null, undefined, 5]) expect(readInput(Base, sent)).toBe(sent);
    const dto = readInput(Base, JSON.parse('{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"name":"A"}')) as Record<string, unknown>;
    expect(Object.keys(dto)).toEqual(['name']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
