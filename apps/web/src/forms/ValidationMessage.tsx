import type { PlainPhraseKey } from '@federa/phrases';
import { useTranslation } from 'react-i18next';

export type ValidationMessageProps =
  | {
      readonly rule:
        | 'required'
        | 'numeric'
        | 'email'
        | 'url'
        | 'slug'
        | 'name'
        | 'time'
        | 'date'
        | 'passwordStrength'
        | 'phone'
        | 'connectionString'
        | 'unexpected';
    }
  | { readonly rule: 'minLength' | 'minValue' | 'minItems'; readonly min: number }
  | { readonly rule: 'maxLength' | 'maxValue' | 'maxItems'; readonly max: number }
  | { readonly rule: 'sameAs'; readonly name: string }
  /** The compared field's name as a phrase key, translated with the message. */
  | { readonly rule: 'sameAs'; readonly nameKey: PlainPhraseKey }
  | { readonly rule: 'attributeInvalid'; readonly name: string }
  | { readonly rule: 'attributesInvalid'; readonly names: readonly string[] };

/**
 * A validation message, translated when it renders: form errors hold this element rather than a
 * string, so a message already shown follows a later language switch.
 */
export function ValidationMessage(props: ValidationMessageProps) {
  const { t } = useTranslation();
  switch (props.rule) {
    case 'minLength':
    case 'minValue':
    case 'minItems':
      return <>{t(`validation.${props.rule}`, { min: props.min })}</>;
    case 'maxLength':
    case 'maxValue':
    case 'maxItems':
      return <>{t(`validation.${props.rule}`, { max: props.max })}</>;
    case 'sameAs':
      return <>{t('validation.sameAs', { name: 'nameKey' in props ? t(props.nameKey) : props.name })}</>;
    case 'attributeInvalid':
      return <>{t('validation.attributeInvalid', { name: props.name })}</>;
    case 'attributesInvalid':
      return <>{t('validation.attributesInvalid', { names: props.names.join(', ') })}</>;
    // The character rules in words: people do not read `[0-9a-zA-Z-_.]+`. The API keeps the
    // pattern in its messages (docs/decisions/0090-character-rules-in-words.md).
    case 'name':
    case 'slug':
      return <>{t(`identityAdmin.characters.${props.rule}`)}</>;
    default:
      return <>{t(`validation.${props.rule}`)}</>;
  }
}
