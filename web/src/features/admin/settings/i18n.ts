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
};
