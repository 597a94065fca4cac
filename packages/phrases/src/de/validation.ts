import type { ValidationPhrases } from '../en.ts';

export const validation: ValidationPhrases = {
  required: 'Dieses Feld ist ein Pflichtfeld',
  minLength: 'Dieses Feld muss mindestens {{min}} Zeichen lang sein',
  maxLength: 'Die maximal erlaubte Länge beträgt {{max}}',
  minValue: 'Der minimal erlaubte Wert ist {{min}}',
  maxValue: 'Der maximal erlaubte Wert ist {{max}}',
  numeric: 'Der Wert muss numerisch sein',
  email: 'Der Wert ist keine gültige E-Mail-Adresse',
  url: 'Der Wert ist keine gültige URL-Adresse',
  sameAs: 'Der Wert muss mit dem Wert von {{name}} übereinstimmen',
};
