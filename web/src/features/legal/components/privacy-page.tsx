import { PRIVACY } from '../privacy-content';
import { LegalDocument } from './legal-document';

export function PrivacyPage() {
  return <LegalDocument doc={PRIVACY} />;
}
