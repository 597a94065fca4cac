import type { ValidationPhrases } from '../en.ts';

export const validation: ValidationPhrases = {
  required: 'Este campo es obligatorio',
  minLength: 'Este campo debe tener al menos {{min}} caracteres',
  maxLength: 'La longitud máxima permitida es {{max}}',
  minValue: 'El valor mínimo permitido es {{min}}',
  maxValue: 'El valor máximo permitido es {{max}}',
  numeric: 'El valor debe ser numérico',
  email: 'El valor no es una dirección de correo electrónico válida',
  url: 'El valor no es una dirección URL válida',
  sameAs: 'El valor debe ser igual al valor de {{name}}',
  slug: 'El valor solo puede contener los siguientes caracteres: [0-9a-z-_]+',
  name: 'El valor solo puede contener los siguientes caracteres: [0-9a-zA-Z-_.]+',
  minItems: 'Se requieren al menos {{min}} elementos',
  maxItems: 'Se permiten como máximo {{max}} elementos',
  time: 'El valor debe ser una hora del día (HH:MM o HH:MM:SS)',
  date: 'El valor debe ser una fecha (AAAA-MM-DD)',
  passwordStrength:
    'La contraseña debe tener al menos 8 caracteres y contener una letra mayúscula, una minúscula y un dígito',
  phone: 'El valor debe ser un número de teléfono: un signo más seguido de 7 a 15 dígitos',
  connectionString: 'El valor debe tener la forma token@host',
  externalName: 'Solo se permiten letras, dígitos, guiones y guiones bajos.',
  robotSecret: 'Al menos 8 caracteres con una mayúscula, una minúscula y un dígito.',
  reservedName: 'Este nombre está reservado.',
  attributeInvalid: 'El atributo {{name}} no es válido.',
  attributesInvalid: 'Los atributos {{names}} no son válidos.',
  unexpected: 'Se produjo un error inesperado.',
};
