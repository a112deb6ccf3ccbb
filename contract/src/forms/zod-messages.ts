import { z } from 'zod';
import { formMessages } from '../messages';

/**
 * Spanish texts for zod's own checks, so a rule nobody wrote a message for
 * still answers the user in their language, on the server and in the forms.
 */
z.config({
  customError: (issue) => {
    switch (issue.code) {
      case 'invalid_type':
        if (issue.input === undefined || issue.input === null || issue.input === '')
          return formMessages.required;
        if (issue.expected === 'number' || issue.expected === 'int') return formMessages.numeric;
        return formMessages.invalid;
      case 'too_small':
        if (issue.origin === 'string' && Number(issue.minimum) === 1) return formMessages.required;
        if (issue.origin === 'string')
          return `Asegúrese de que este campo tenga al menos ${issue.minimum} caracteres`;
        if (issue.origin === 'array') return `Elija al menos ${issue.minimum}`;
        return `Asegúrese de que este valor sea mayor o igual a ${issue.minimum}`;
      case 'too_big':
        if (issue.origin === 'string')
          return formMessages.tooLong.replace('{max}', String(issue.maximum));
        if (issue.origin === 'array') return `Elija como máximo ${issue.maximum}`;
        return `Asegúrese de que este valor sea menor o igual a ${issue.maximum}`;
      case 'invalid_value':
        return `Elija una opción válida: ${issue.values.map(String).join(', ')}`;
      case 'unrecognized_keys':
        return `Campos no permitidos: ${issue.keys.join(', ')}`;
      case 'invalid_format':
        if (issue.format === 'email') return formMessages.email;
        if (issue.format === 'url') return formMessages.url;
        return formMessages.invalid;
      default:
        return undefined;
    }
  },
});
