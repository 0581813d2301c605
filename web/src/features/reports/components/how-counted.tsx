import { Accordion, List, Stack, Text } from '@mantine/core';
import { HONEST_LIMITS, REPORT_METRICS } from '@shared/metrics/report-metrics';

// "How is this counted?": every number of the report, each defined once (src/shared/metrics/
// report-metrics.ts), and what no one can measure.
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
              {REPORT_METRICS.map((m) => (
                <List.Item key={m.key} data-metric={m.key}>
                  {m.definition.startsWith(`${m.name} =`) ? (
                    m.definition
                  ) : (
                    <>
                      <Text span fw={600} size="sm">
                        {m.name}
                      </Text>
                      : {m.definition}
                    </>
                  )}
                </List.Item>
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
