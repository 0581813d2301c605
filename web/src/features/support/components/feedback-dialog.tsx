import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconX } from '@tabler/icons-react';
import { supportApi } from '@/features/support/api/support-api';

const BLANK = 'Please write something to submit.';
type Result = { ok: boolean; text: string } | null;

// Feedback (spec 01, sys/feedback): a few words to the team, then 'Done!' or 'Failed!'.
export function FeedbackDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [result, setResult] = useState<Result>(null);

  const close = () => {
    onClose();
    // After the closing animation, so the dialog does not visibly reset.
    setTimeout(() => {
      setText('');
      setError(null);
      setResult(null);
    }, 200);
  };

  const submit = async () => {
    if (!text.trim()) {
      setError(BLANK);
      return;
    }
    setSending(true);
    const res = await supportApi.sendFeedback(text);
    setSending(false);
    if (res.status === 200 && res.result) setResult({ ok: true, text: "Thank you for your feedback. We'll be processing your request as fast as we can." });
    else if (res.status === 400 && res.message) setError(res.message);
    else setResult({ ok: false, text: 'Failed to send your feedback please try again' });
  };

  return (
    <Modal opened={opened} onClose={close} title={result ? (result.ok ? 'Done!' : 'Failed!') : 'Send feedback'} centered size="md">
      {result ? (
        <Stack align="center" ta="center" gap="md" py="sm">
          <ThemeIcon size={56} radius={28} color={result.ok ? 'teal' : 'red'} variant="light">
            {result.ok ? <IconCircleCheck size={32} /> : <IconX size={32} />}
          </ThemeIcon>
          <Text>{result.text}</Text>
          <Button onClick={result.ok ? close : () => setResult(null)} fullWidth>
            {result.ok ? 'OK' : 'Try again'}
          </Button>
        </Stack>
      ) : (
        <Stack gap="md">
          <Textarea
            label="Your feedback"
            placeholder="What do you like, what would make EyeMail better?"
            autosize
            minRows={4}
            maxRows={10}
            maxLength={5000}
            value={text}
            onChange={(e) => {
              setText(e.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={sending}>
              Cancel
            </Button>
            <Button onClick={submit} loading={sending}>
              Submit
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
