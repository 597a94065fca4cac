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
  slug: 'Der Eingabewert darf nur aus den folgenden Zeichen bestehen: [0-9a-z-_]+',
  name: 'Der Eingabewert darf nur aus den folgenden Zeichen bestehen: [0-9a-zA-Z-_.]+',
  minItems: 'Es werden mindestens {{min}} Einträge benötigt',
  maxItems: 'Es sind höchstens {{max}} Einträge erlaubt',
  time: 'Der Wert muss eine Uhrzeit sein (HH:MM oder HH:MM:SS)',
  date: 'Der Wert muss ein Datum sein (JJJJ-MM-TT)',
  passwordStrength:
    'Das Passwort muss mindestens 8 Zeichen lang sein und einen Großbuchstaben, einen Kleinbuchstaben und eine Ziffer enthalten',
  phone: 'Der Wert muss eine Telefonnummer sein: ein Pluszeichen gefolgt von 7 bis 15 Ziffern',
  connectionString: 'Der Wert muss die Form token@host haben',
  externalName: 'Nur Buchstaben, Ziffern, Bindestriche und Unterstriche sind erlaubt.',
  robotSecret: 'Mindestens 8 Zeichen mit einem Groß- und einem Kleinbuchstaben und einer Ziffer.',
  reservedName: 'Dieser Name ist reserviert.',
  attributeInvalid: 'Das Attribut {{name}} ist ungültig.',
  attributesInvalid: 'Die Attribute {{names}} sind ungültig.',
  unexpected: 'Ein unerwarteter Fehler ist aufgetreten.',
};
