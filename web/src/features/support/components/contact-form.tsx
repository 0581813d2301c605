import { useEffect, useState } from 'react';
import { Button, Group, Input, Modal, Select, Stack, Text, Textarea, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconSend } from '@tabler/icons-react';
import { FileUpload } from '@/components/upload/file-upload';
import { RULES } from '@/components/upload/upload-rules';
import { formatBytes } from '@/lib/media-format';
import { toast } from '@/components/toasts';
import { INQUIRY_TYPES, supportApi } from '@/features/support/api/support-api';
import { useSnippetBriefs } from '@/features/support/api/get-snippet-briefs';
import {
  ATTACHMENTS_MAX,
  BUG_TYPE,
  INVALID_FIELD,
  MESSAGE_MAX,
  SUCCESS_TEXT,
  toPayload,
  validateContactForm,
  type ContactFormErrors,
} from '@/features/support/utils/contact-form';

const PLACEHOLDER = 'Please select an option';
const ATTACHMENT_TYPES = { extensions: ['.png', '.jpg', '.jpeg'], mimeTypes: ['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg'] };

// The contact form of the support page (spec 02, Contact form). `onSent` is told after the user
// has read the success dialog, so the page can start afresh.
export function ContactForm({ onSent }: { onSent: () => void }) {
  const [type, setType] = useState<string | null>(null);
  const [snippetId, setSnippetId] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [attachments, setAttachments] = useState<{ fileId: string }[]>([]);
  const [uploading, setUploading] = useState(false);
  const [sending, setSending] = useState(false);
  const [errors, setErrors] = useState<ContactFormErrors>({});
  const [sent, setSent] = useState(false);
  const isBug = type === BUG_TYPE;
  // The user's EyeMails are fetched the first time a bug report is chosen.
  const briefs = useSnippetBriefs({ enabled: isBug });
  const snippets = briefs.data ?? (briefs.isError ? [] : null);
  const briefsError = briefs.isError ? briefs.error.message || 'Unable to load snippets' : null;
  useEffect(() => {
    if (briefsError) toast.error(briefsError);
  }, [briefsError]);

  const values = () => ({ type, snippetId, message, attachments: attachments.map((a) => a.fileId) });

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    const found = validateContactForm(values());
    setErrors(found);
    if (Object.keys(found).length) return;
    setSending(true);
    const res = await supportApi.sendInquiry(toPayload(values()));
    setSending(false);
    if (res.result) {
      setSent(true);
      return;
    }
    toast.error(res.message || 'We could not send your inquiry. Please try again.');
    if (res.errors) {
      const fields: ContactFormErrors = {};
      for (const key of ['type', 'message', 'attachments'] as const) if (res.errors[key]) fields[key] = INVALID_FIELD;
      setErrors(fields);
    }
  };

  const loadingSnippets = isBug && snippets === null;
  return (
    <>
      <form onSubmit={submit} noValidate aria-label="Contact form">
        <Stack gap="md">
          <Select
            label="Inquiry Type"
            placeholder={PLACEHOLDER}
            data={[...INQUIRY_TYPES]}
            value={type}
            onChange={(v) => {
              setType(v);
              if (v !== BUG_TYPE) setSnippetId(null);
              setErrors((prev) => ({ ...prev, type: undefined }));
            }}
            error={errors.type}
            withAsterisk
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          {isBug ? (
            <Select
              label="Specific Issue"
              description="Optionally select the EyeMail in which you encountered the bug"
              placeholder={loadingSnippets ? 'Loading your EyeMails…' : snippets?.length ? PLACEHOLDER : 'You have no EyeMails yet'}
              data={(snippets ?? []).map((s) => ({ value: s.snippet, label: s.title }))}
              value={snippetId}
              onChange={setSnippetId}
              disabled={loadingSnippets || !snippets?.length}
              searchable
              clearable
              nothingFoundMessage="No EyeMail with that title"
            />
          ) : null}
          <Textarea
            label="Message"
            placeholder="Please type your message here"
            rows={4}
            value={message}
            onChange={(e) => {
              setMessage(e.currentTarget.value);
              setErrors((prev) => ({ ...prev, message: undefined }));
            }}
            error={errors.message}
            withAsterisk
            maxLength={MESSAGE_MAX}
            description={message.length > MESSAGE_MAX * 0.8 ? `${message.length.toLocaleString()} / ${MESSAGE_MAX.toLocaleString()} characters` : undefined}
          />
          <Input.Wrapper label="Attachments" description={`Up to ${ATTACHMENTS_MAX} images (.png, .jpg, .jpeg), ${formatBytes(RULES.attachment.maxBytes)} each`} error={errors.attachments}>
            <div style={{ marginTop: 8 }}>
              <FileUpload
                fileType="attachment"
                accept={ATTACHMENT_TYPES}
                maxFiles={ATTACHMENTS_MAX}
                previews
                label="Choose images to attach"
                help="Screenshots help us see what you see"
                onUploaded={(file) => setAttachments((list) => [...list, { fileId: file.fileId }])}
                onRemoved={(file) => file && setAttachments((list) => list.filter((a) => a.fileId !== file.fileId))}
                onBusyChange={setUploading}
              />
            </div>
          </Input.Wrapper>
          <Group justify="flex-end" mt="xs">
            <Button type="submit" leftSection={<IconSend size={18} />} loading={sending} disabled={sending || uploading} size="md">
              Send
            </Button>
          </Group>
          {uploading ? (
            <Text size="xs" c="dimmed" ta="right" mt={-8}>
              Send is available once the images have finished uploading.
            </Text>
          ) : null}
        </Stack>
      </form>
      {/* No visible title: the dialog itself carries the name (on the root it would name nothing). */}
      <Modal.Root opened={sent} onClose={onSent} centered size="sm" radius="lg" closeOnClickOutside={false}>
        <Modal.Overlay />
        <Modal.Content aria-label="Inquiry sent">
          <Modal.Body>
            <Stack align="center" ta="center" gap="md" py="md">
              <ThemeIcon size={64} radius={32} color="teal" variant="light">
                <IconCircleCheck size={36} />
              </ThemeIcon>
              <Text fw={600}>{SUCCESS_TEXT}</Text>
              <Button onClick={onSent} fullWidth mt="xs" data-autofocus>
                OK
              </Button>
            </Stack>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </>
  );
}
