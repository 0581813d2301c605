import { List, Stack, Text, Title } from '@mantine/core';
import type { LegalDocumentContent } from '@/features/legal/legal-types';

// Renders a legal text with numbered sections.
export function LegalDocument({ doc }: { doc: LegalDocumentContent }) {
  return (
    <article className="eyemail-legal">
      <Stack gap={6} mb="xl">
        <Title order={1} fz={{ base: 26, sm: 34 }}>
          {doc.title}
        </Title>
        <Text c="dimmed">Effective {doc.effective}</Text>
      </Stack>
      {doc.intro.map((p) => (
        <Text key={p} mb="md">
          {p}
        </Text>
      ))}
      {doc.sections.map((s, i) => (
        <section key={s.heading} aria-labelledby={`section-${i + 1}`}>
          <Title order={2} id={`section-${i + 1}`}>
            {i + 1}. {s.heading}
          </Title>
          {s.paragraphs?.map((p) => (
            <Text key={p} mb="sm">
              {p}
            </Text>
          ))}
          {s.bullets ? (
            <List spacing={6} mb="sm">
              {s.bullets.map((b) => (
                <List.Item key={b}>{b}</List.Item>
              ))}
            </List>
          ) : null}
        </section>
      ))}
    </article>
  );
}
