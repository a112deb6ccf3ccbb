import { z } from 'zod';
import { formatMessage, type MessageRef } from '../errors/refs';
import { formMessages } from '../messages';

/**
 * Codes for zod's own checks, so a rule nobody wrote a message for still
 * carries a catalogued message (shown in the reader's language by the forms,
 * answered with its code and Spanish text by the server).
 */
export function zodIssueMessage(issue: z.core.$ZodRawIssue): MessageRef | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined || issue.input === null || issue.input === '')
        return formMessages.required;
      if (issue.expected === 'number' || issue.expected === 'int') return formMessages.numeric;
      return formMessages.invalid;
    case 'too_small':
      if (issue.origin === 'string' && Number(issue.minimum) === 1) return formMessages.required;
      if (issue.origin === 'string')
        return formatMessage('form.too_short', { min: Number(issue.minimum) });
      if (issue.origin === 'array')
        return formatMessage('form.choose_at_least', { min: Number(issue.minimum) });
      return formatMessage('form.too_small', { min: Number(issue.minimum) });
    case 'too_big':
      if (issue.origin === 'string')
        return formatMessage('form.too_long', { max: Number(issue.maximum) });
      if (issue.origin === 'array')
        return formatMessage('form.choose_at_most', { max: Number(issue.maximum) });
      return formatMessage('form.too_big', { max: Number(issue.maximum) });
    case 'invalid_value':
      return formatMessage('form.invalid_choice', { values: issue.values.map(String).join(', ') });
    case 'unrecognized_keys':
      return formatMessage('form.unknown_fields', { keys: issue.keys.join(', ') });
    case 'invalid_format':
      if (issue.format === 'email') return formMessages.email;
      if (issue.format === 'url') return formMessages.url;
      return formMessages.invalid;
    default:
      return undefined;
  }
}

z.config({ customError: zodIssueMessage });
