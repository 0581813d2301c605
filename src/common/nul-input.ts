import type { NextFunction, Request, Response } from 'express';

export const NUL_INPUT_MESSAGE = 'Text may not contain NUL characters.';

// True when a string anywhere in the value holds U+0000. PostgreSQL text cannot store it, so such
// input must be refused up front as bad input, not fail later in the database as a 500.
// Walked with an explicit stack: a JSON body may nest thousands of levels.
export function containsNul(value: unknown): boolean {
  const stack: unknown[] = [value];
  while (stack.length) {
    const v = stack.pop();
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return true;
    } else if (v && typeof v === 'object') {
      for (const [k, child] of Object.entries(v)) {
        if (k.includes('\u0000')) return true;
        stack.push(child);
      }
    }
  }
  return false;
}

// For every /api/ call: a NUL in the query or the parsed body is a 400 with the usual envelope.
export function rejectNulInput() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!/^\/api\//i.test(req.path)) return next();
    if (containsNul(req.query) || containsNul(req.body)) {
      res.status(400).json({ result: false, message: NUL_INPUT_MESSAGE, body: null, errors: null });
      return;
    }
    next();
  };
}
