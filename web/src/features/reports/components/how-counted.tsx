import { Accordion, List, Stack, Text } from '@mantine/core';
import { HONEST_LIMITS, METRIC_DEFINITIONS } from '@shared/metrics/engagement-metrics';

// "How is this counted?": the formulas of every figure (src/shared/metrics) and what no one can
// measure.
export function HowCounted() {
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed" data-testid="honest-limits">
        {HONEST_LIMITS.join(' ')}
      </Text>
    <Accordion variant="contained" data-testid="how-counted">
      <Accordion.Item value="how">
        <Accordion.Control>How is this counted?</Accordion.Control>
        <Accordion.Panel>
          <List size="sm" spacing={4}>
            {Object.entries(METRIC_DEFINITIONS).map(([key, text]) => (
              <List.Item key={key}>{text}</List.Item>
            ))}
          </List>
          <Text size="sm" fw={600} mt="md">
            What cannot be measured
          </Text>
          <List size="sm" spacing={4}>
            {HONEST_LIMITS.map((text) => (
              <List.Item key={text}>{text}</List.Item>
            ))}
          </List>
        </Accordion.Panel>
      </Accordion.Item>
    </Accordion>
    </Stack>
  );
}
