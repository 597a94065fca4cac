import {
  ActionIcon,
  PasswordInput,
  TextInput,
  Tooltip,
  type PasswordInputProps,
  type TextInputProps,
} from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

export interface GeneratedTextInputProps extends Omit<TextInputProps, 'rightSection' | 'onChange'> {
  readonly value: string;
  readonly onChange: (value: string) => void;
  /** Produces a new value (a generated name or secret). */
  readonly generate: () => string;
  /** Accessible name of the generate button. */
  readonly generateLabel: string;
  /** Masks the value (secrets), with a button to reveal it. */
  readonly secret?: boolean;
}

/** A text field with a button that fills in a generated value (names, secrets). */
export function GeneratedTextInput({
  value,
  onChange,
  generate,
  generateLabel,
  secret = false,
  disabled,
  ...props
}: GeneratedTextInputProps) {
  const button = (
    <Tooltip label={generateLabel} withinPortal={false}>
      <ActionIcon
        variant="subtle"
        aria-label={generateLabel}
        disabled={disabled}
        onClick={() => onChange(generate())}
      >
        <IconRefresh size={16} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
  if (secret) {
    return (
      <PasswordInput
        {...(props as PasswordInputProps)}
        disabled={disabled}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        autoComplete="off"
        inputContainer={(input) => (
          <div style={{ display: 'flex', gap: 4, alignItems: 'center' }}>
            <div style={{ flex: 1 }}>{input}</div>
            {button}
          </div>
        )}
      />
    );
  }
  return (
    <TextInput
      {...props}
      disabled={disabled}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      rightSection={button}
      rightSectionPointerEvents="all"
    />
  );
}
