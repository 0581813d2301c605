import { Badge, Code, Modal, Skeleton, Stack, Table, Text } from '@mantine/core';
import { formatDateTime } from '@/lib/date-format';
import { useDeliveries, type WebhookEndpoint } from '../api/integrations-api';
import { attemptText } from '../utils/integration-text';

// The endpoint's latest tries: when, which event, the outcome, the start of the answer.
export function DeliveryLogModal({ endpoint, onClose }: { endpoint: WebhookEndpoint; onClose: () => void }) {
  const log = useDeliveries(endpoint.id);
  return (
    <Modal opened onClose={onClose} title="Delivery log" size="xl">
      <Text size="sm" c="dimmed" mb="sm" style={{ wordBreak: 'break-all' }}>
        {endpoint.url}
      </Text>
      {log.isPending ? (
        <Skeleton h={120} />
      ) : log.isError ? (
        <Text c="red" size="sm">
          {log.error.message}
        </Text>
      ) : log.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing sent yet. Send a test event, or wait for the next open or click.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" aria-label="Delivery log">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Result</Table.Th>
                <Table.Th>Answer</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.map((a, i) => (
                <Table.Tr key={`${a.messageId}-${a.attemptedAt}-${i}`}>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(a.attemptedAt)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={0}>
                      <Text size="sm">{a.eventType}</Text>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {a.messageId}
                      </Text>
                    </Stack>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={a.succeeded ? 'green' : 'red'} variant="light">
                      {a.succeeded ? 'Delivered' : 'Failed'}
                    </Badge>
                    <Text size="xs" mt={2}>
                      {attemptText(a)}
                    </Text>
                  </Table.Td>
                  <Table.Td maw={260}>
                    {a.responseStart ? (
                      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', maxHeight: 80, overflow: 'auto' }}>
                        {a.responseStart}
                      </Code>
                    ) : (
                      <Text size="xs" c="dimmed">
                        —
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Modal>
  );
}
