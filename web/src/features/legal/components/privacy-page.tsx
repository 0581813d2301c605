import { PRIVACY } from '@/features/legal/privacy-content';
import { LegalDocument } from './legal-document';

export function PrivacyPage() {
  return <LegalDocument doc={PRIVACY} />;
}
