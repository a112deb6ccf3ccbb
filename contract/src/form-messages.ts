import { commonErrors } from './errors/common';
import { messagesOf } from './errors/entry';
import { formErrors } from './errors/form';

// Apart from messages.ts (which also re-exports the whole catalogue) so that the web app's first
// page can name these codes without bundling every area's texts (bench/bundle-budget.ts).

/** Form checks' message codes, by name (texts in errors/form.ts). */
export const formMessages = /* @__PURE__ */ messagesOf('form', formErrors);

/** Codes of the errors every area can answer (texts in errors/common.ts). */
export const errorMessages = /* @__PURE__ */ messagesOf('common', commonErrors);
