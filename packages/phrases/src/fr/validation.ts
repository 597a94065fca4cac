import type { ValidationPhrases } from '../en.ts';

export const validation: ValidationPhrases = {
  required: 'Ce champ est obligatoire',
  minLength: 'Ce champ doit contenir au moins {{min}} caractères',
  maxLength: 'La longueur maximale autorisée est de {{max}}',
  minValue: 'La valeur minimale autorisée est {{min}}',
  maxValue: 'La valeur maximale autorisée est {{max}}',
  numeric: 'La valeur doit être numérique',
  email: "La valeur n'est pas une adresse e-mail valide",
  url: "La valeur n'est pas une adresse URL valide",
  sameAs: 'La valeur doit être égale à la valeur de {{name}}',
  slug: 'La valeur saisie ne peut contenir que les caractères suivants : [0-9a-z-_]+',
  name: 'La valeur saisie ne peut contenir que les caractères suivants : [0-9a-zA-Z-_.]+',
  minItems: 'Au moins {{min}} éléments sont requis',
  maxItems: 'Au plus {{max}} éléments sont autorisés',
  time: 'La valeur doit être une heure (HH:MM ou HH:MM:SS)',
  date: 'La valeur doit être une date (AAAA-MM-JJ)',
  passwordStrength:
    'Le mot de passe doit contenir au moins 8 caractères, dont une majuscule, une minuscule et un chiffre',
  phone: 'La valeur doit être un numéro de téléphone : un signe plus suivi de 7 à 15 chiffres',
  connectionString: 'La valeur doit avoir la forme token@host',
  externalName: 'Seuls les lettres, les chiffres, les traits d’union et les tirets bas sont autorisés.',
  robotSecret: 'Au moins 8 caractères avec une majuscule, une minuscule et un chiffre.',
  reservedName: 'Ce nom est réservé.',
  attributeInvalid: "L'attribut {{name}} n'est pas valide.",
  attributesInvalid: 'Les attributs {{names}} ne sont pas valides.',
  unexpected: "Une erreur inattendue s'est produite.",
};
