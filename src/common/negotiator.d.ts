// The part of negotiator 1.x (content negotiation, as the compression middleware uses it) that
// the viewer pages use; the package ships no types, and @types/negotiator describes 0.6.
declare module 'negotiator' {
  class Negotiator {
    constructor(req: { headers: Record<string, string | string[] | undefined> });
    encoding(available: readonly string[], options?: { preferred?: readonly string[] }): string | undefined;
  }
  export default Negotiator;
}
