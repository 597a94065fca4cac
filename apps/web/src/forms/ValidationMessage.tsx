import { useTranslation } from 'react-i18next';

export type ValidationMessageProps =
  | { readonly rule: 'required' }
  | { readonly rule: 'minLength'; readonly min: number }
  | { readonly rule: 'maxLength'; readonly max: number };

/**
 * A validation message, translated when it renders: form errors hold this element rather than a
 * string, so a message already shown follows a later language switch.
 */
export function ValidationMessage(props: ValidationMessageProps) {
  const { t } = useTranslation();
  switch (props.rule) {
    case 'required':
      return <>{t('validation.required')}</>;
    case 'minLength':
      return <>{t('validation.minLength', { min: props.min })}</>;
    case 'maxLength':
      return <>{t('validation.maxLength', { max: props.max })}</>;
  }
}
