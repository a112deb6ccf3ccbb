import type { CatalogueEntries } from './entry';

/** The back office's programs (levels, sections, program ads) and company ads. */
export const adminProgramsErrors = {
  'admin.program_not_found': {
    es: 'No se encontró el programa.',
    en: 'The program was not found.',
  },
  'admin.program_levels_ascending': {
    es: 'Cada nivel debe pedir más puntos que el anterior.',
    en: 'Each level must need more points than the one before.',
  },
  'admin.program_level_name_taken': {
    es: 'Ya hay un nivel con este nombre.',
    en: 'There is already a level with this name.',
  },
  'admin.program_levels_need_points': {
    es: 'Los niveles se calculan con puntos: activa los puntos o quita los niveles.',
    en: 'Levels are computed from points: switch points on or remove the levels.',
  },
  'admin.program_no_currency': {
    es: 'Activa al menos puntos, monedas o sellos.',
    en: 'Switch on at least points, coins or stamps.',
  },
  'admin.program_has_members': {
    es: 'El programa tiene miembros: no se puede eliminar, solo desactivar.',
    en: 'The program has members: it cannot be deleted, only switched off.',
  },
  'admin.program_block_not_found': {
    es: 'Este elemento ya no existe en el programa; recarga la página.',
    en: 'This item is no longer in the program; reload the page.',
  },
  'admin.ad_not_found': {
    es: 'No se encontró el anuncio.',
    en: 'The ad was not found.',
  },
  'admin.link_invalid': {
    es: 'Ingresa una dirección https://, una ruta de la tienda que empiece con / o un ancla #.',
    en: 'Enter an https:// address, a store path starting with / or an anchor #.',
  },
} as const satisfies CatalogueEntries;
