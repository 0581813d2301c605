import { Accordion, Text } from '@mantine/core';
import { FAQS } from '@/features/support/utils/faqs';

// One answer open at a time, the first to begin with; clicking the open question closes it.
export function FaqAccordion() {
  return (
    <Accordion defaultValue="faq-0" variant="separated" radius="md" chevronPosition="right" aria-label="Frequently asked questions">
      {FAQS.map((faq, i) => (
        <Accordion.Item key={faq.question} value={`faq-${i}`}>
          <Accordion.Control>
            <Text fw={600} size="sm">
              {faq.question}
            </Text>
          </Accordion.Control>
          <Accordion.Panel>
            <Text size="sm" c="dimmed" lh={1.6}>
              {faq.answer}
            </Text>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
