// A response DTO class (what /api/docs says an answer holds) tied to the type the server returns
// (src/shared/*-types.ts, which the dashboard reads too): `sameShape<UserViewDto, UserView>(true)`
// beside the class fails the typecheck when a field is in one and not the other, is optional in
// one only, or is typed differently, and the error names the fields. Nothing happens at run time.

type OnlyIn<A, B> = Exclude<keyof A, keyof B>;
type TypedDifferently<A, B> = { [K in keyof A & keyof B]-?: [A[K]] extends [B[K]] ? ([B[K]] extends [A[K]] ? never : K) : K }[keyof A & keyof B];

export type ShapeCheck<Dto, Shape> = [OnlyIn<Dto, Shape> | OnlyIn<Shape, Dto> | TypedDifferently<Dto, Shape>] extends [never]
  ? true
  : { onlyInDto: OnlyIn<Dto, Shape>; onlyInSharedType: OnlyIn<Shape, Dto>; typedDifferently: TypedDifferently<Dto, Shape> };

export function sameShape<Dto, Shape>(same: ShapeCheck<Dto, Shape>): void {
  void same;
}
