export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  bullets?: string[];
}

export interface LegalDocumentContent {
  title: string;
  effective: string;
  intro: string[];
  sections: LegalSection[];
}
