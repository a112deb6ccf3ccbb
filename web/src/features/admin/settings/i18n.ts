/** Texts of the back office's settings screen (merged into the admin bundle under `admin.settings`). */
export const settingsEs = {
  title: 'Ajustes',
  exportTitle: 'Exportar tienda',
  exportText:
    'Descarga toda la tienda (empresas, locales, catálogo, programas, socios y personal) como el archivo JSON que lee el importador. No incluye contraseñas ni credenciales de pago.',
  exportButton: 'Exportar tienda',
  exporting: 'Preparando el archivo…',
  exported: 'Archivo {{name}} descargado.',
  exportFailed: 'No se pudo exportar la tienda. Inténtalo de nuevo.',
  mail: {
    title: 'Correos no enviados',
    loading: 'Cargando correos…',
    loadFailed: 'No se pudieron cargar los correos.',
    reload: 'Reintentar carga',
    pending_one: '{{count}} correo espera su envío o un nuevo intento.',
    pending_other: '{{count}} correos esperan su envío o un nuevo intento.',
    noneFailed: 'Ningún correo falló: todos se enviaron o están en camino.',
    failedAt_one: 'Falló el {{at}} tras {{count}} intento.',
    failedAt_other: 'Falló el {{at}} tras {{count}} intentos.',
    retry: 'Reenviar',
    retryLabel: 'Reenviar el correo a {{to}}',
    retrying: 'Reenviando…',
    retried: 'El correo volvió a la cola y se enviará en unos segundos.',
    retryFailed: 'No se pudo reenviar el correo. Inténtalo de nuevo.',
  },
};

export const settingsEn: typeof settingsEs = {
  title: 'Settings',
  exportTitle: 'Export store',
  exportText:
    'Download the whole store (companies, places, catalogue, programs, members and staff) as the JSON file the importer reads. Passwords and payment credentials are left out.',
  exportButton: 'Export store',
  exporting: 'Preparing the file…',
  exported: 'File {{name}} downloaded.',
  exportFailed: 'The store could not be exported. Please try again.',
  mail: {
    title: 'Mails not sent',
    loading: 'Loading mails…',
    loadFailed: 'The mails could not be loaded.',
    reload: 'Load again',
    pending_one: '{{count}} mail is waiting to be sent or tried again.',
    pending_other: '{{count}} mails are waiting to be sent or tried again.',
    noneFailed: 'No mail failed: every one was sent or is on its way.',
    failedAt_one: 'Failed on {{at}} after {{count}} attempt.',
    failedAt_other: 'Failed on {{at}} after {{count}} attempts.',
    retry: 'Send again',
    retryLabel: 'Send the mail to {{to}} again',
    retrying: 'Sending…',
    retried: 'The mail is back in the queue and will be sent in a few seconds.',
    retryFailed: 'The mail could not be sent again. Please try again.',
  },
};
