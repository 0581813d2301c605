import { TERMS } from '@/features/legal/terms-content';
import { LegalDocument } from './legal-document';

export function TermsPage() {
  return <LegalDocument doc={TERMS} />;
}
