// What the snippets API's checked bodies give the service. The bodies themselves are described
// and checked by the DTO classes in dto/snippet-payload.dto.ts (class-validator with the shared
// snippet rules); this turns a checked payload into the form the service stores.
import { snippetFormValue, type SnippetFormValue } from '../shared/snippet-rules.js';
import type { SnippetPayloadDto } from './dto/snippet-payload.dto.js';

// A checked create/update payload, what SnippetsService.create and update take.
export type SnippetForm = SnippetFormValue;

export interface SnippetUpdate {
  // as sent: a malformed id is "not found", like someone else's
  snippetId: unknown;
  form: SnippetForm;
}

// Defaults filled in, ids in lower case, URLs normalised, buttons parsed (every rule has passed).
export function snippetFormOf(payload: SnippetPayloadDto): SnippetForm {
  return snippetFormValue(payload as unknown as Record<string, unknown>);
}

// The title recipients see as stored: the one sent, the name when sent empty (and on create
// when not sent), else (an update that did not send it) the stored one.
export function publicTitleToStore(form: Pick<SnippetForm, 'title' | 'publicTitle'>, stored: string | null | undefined): string {
  if (form.publicTitle === undefined && stored) return stored;
  return form.publicTitle || form.title;
}
