import { NumberInput } from '@mantine/core';
import { WIDTH_MAX, WIDTH_MIN } from '@shared/snippet-rules';

// The video's width in the email, in whole pixels within the rule's limits, 10 px a step. A
// number out of range stays as typed (no clamping), so the form's message can name the limit.
export function VideoWidthInput({ label, hint, value, onChange, error, width }: { label: string; hint?: string; value: number | string; onChange: (value: number | string) => void; error?: string; width: number }) {
  return (
    <NumberInput
      label={label}
      description={hint ? `${WIDTH_MIN} to ${WIDTH_MAX} px (${hint})` : `${WIDTH_MIN} to ${WIDTH_MAX} px`}
      value={value}
      onChange={onChange}
      min={WIDTH_MIN}
      max={WIDTH_MAX}
      step={10}
      allowDecimal={false}
      clampBehavior="none"
      suffix=" px"
      error={error}
      size="md"
      w={{ base: '100%', xs: width }}
    />
  );
}
