import { getMetadataStorage } from 'class-validator';

// The fields a DTO class checks (its own first, then those it inherits), in declaration order:
// what a client may send it; everything else is dropped.
export function declaredFields(cls: new () => unknown): string[] {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(cls, '', true, false);
  return [...new Set(metadatas.map((m) => m.propertyName))];
}
