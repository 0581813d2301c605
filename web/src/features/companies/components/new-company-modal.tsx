import { useState } from 'react';
import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput, ThemeIcon } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconBuilding, IconCheck, IconUsersGroup, IconWorld } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { WORKSPACES_KEY } from '@/lib/workspace/use-workspaces';
import { useSwitchWorkspace } from '@/lib/workspace/use-switch-workspace';
import type { WorkspaceView } from '@/lib/workspace/workspace-rules';
import { companiesApi } from '../api/companies-api';
import { COMPANY_NAME_MAX, EMPTY_COMPANY, companyPayload, companyValidation } from '../utils/company-form';

// New Company (My Companies, the workspace switcher): the company sign-up's company fields and
// messages. Once made, it offers to switch to the company.
export function NewCompanyModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const switchTo = useSwitchWorkspace();
  const [created, setCreated] = useState<WorkspaceView | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const form = useForm({ mode: 'controlled', initialValues: EMPTY_COMPANY, validate: companyValidation });

  const close = () => {
    if (pending) return;
    onClose();
    form.reset();
    setCreated(null);
    setFailure(null);
  };

  const submit = async (values: typeof form.values) => {
    setFailure(null);
    setPending(true);
    const res = await companiesApi.create(companyPayload(values));
    setPending(false);
    if (res.result && res.body) {
      await queryClient.invalidateQueries({ queryKey: WORKSPACES_KEY });
      setCreated(res.body);
      return;
    }
    if (res.errors) form.setErrors(res.errors);
    else setFailure(res.message || 'We could not create the company. Please try again.');
  };

  return (
    <Modal opened={opened} onClose={close} title={created ? 'Company created' : 'New Company'} size="md" closeOnClickOutside={!pending}>
      {created ? (
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <ThemeIcon size={40} radius={20} variant="light" color="teal">
              <IconCheck size={22} />
            </ThemeIcon>
            <div>
              <Text fw={600}>{created.name} is ready.</Text>
              <Text size="sm" c="dimmed">
                Switch to it to upload videos and make EyeMails there, together with your team.
              </Text>
            </div>
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={close}>
              Not now
            </Button>
            <Button
              onClick={() => {
                close();
                switchTo(created.id);
              }}
            >
              Switch to {created.name}
            </Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={form.onSubmit((v) => void submit(v))} noValidate>
          <Stack gap="md">
            {failure ? (
              <Alert color="red" variant="light" title="Fail">
                {failure}
              </Alert>
            ) : null}
            <TextInput
              label="Company name"
              placeholder="Acme Inc."
              autoComplete="organization"
              leftSection={<IconBuilding size={18} />}
              required
              maxLength={COMPANY_NAME_MAX}
              data-autofocus
              {...form.getInputProps('companyName')}
            />
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
              <TextInput label="Domain" placeholder="acme.com" leftSection={<IconWorld size={18} />} required {...form.getInputProps('domain')} />
              <TextInput label="Department" placeholder="Marketing" leftSection={<IconUsersGroup size={18} />} required maxLength={COMPANY_NAME_MAX} {...form.getInputProps('department')} />
            </SimpleGrid>
            <Group justify="flex-end" mt="xs">
              <Button variant="default" onClick={close} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                Create company
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
