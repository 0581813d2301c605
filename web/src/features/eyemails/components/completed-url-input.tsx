import { TextInput, type TextInputProps } from '@mantine/core';

// A link field that completes what was typed once it is left (adds the https:// a person left
// out), by the rule the form saves with.
export function CompletedUrlInput({ value, onChange, complete, ...input }: Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> & { value: string; onChange: (value: string) => void; complete: (typed: string) => string }) {
  return (
    <TextInput
      {...input}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={(e) => {
        const done = complete(e.currentTarget.value);
        if (done !== e.currentTarget.value) onChange(done);
      }}
    />
  );
}
