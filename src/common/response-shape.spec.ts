import { sameShape } from './response-shape.js';

// The checks are the typecheck's (npm run typecheck reads this file): each @ts-expect-error
// below is a drift sameShape must refuse, and the typecheck fails if it ever accepts one.
interface Shape {
  id: string;
  note: string | null;
  state: 'queued' | 'done';
  tags?: string[];
  size: { width: number };
}

class Same {
  id: string;
  note: string | null;
  state: 'queued' | 'done';
  tags?: string[];
  size: { width: number };
}

class Renamed {
  id: string;
  notes: string | null;
  state: 'queued' | 'done';
  tags?: string[];
  size: { width: number };
}

class Added extends Same {
  extra: number;
}

class Widened {
  id: string;
  note: string;
  state: string;
  tags: string[];
  size: { width: number; height: number };
}

describe('sameShape', () => {
  it('takes a DTO with the fields of its type, and refuses any drift at compile time', () => {
    sameShape<Same, Shape>(true);
    // @ts-expect-error a field renamed on one side
    sameShape<Renamed, Shape>(true);
    // @ts-expect-error a field added to the DTO only
    sameShape<Added, Shape>(true);
    // @ts-expect-error a field added to the type only
    sameShape<Same, Shape & { extra: number }>(true);
    // @ts-expect-error fields typed differently (nullable, union, optional, nested)
    sameShape<Widened, Shape>(true);
    expect(sameShape).toBeInstanceOf(Function);
  });
});
