/**
 * The new-order alerts' texts (sound and browser notice), the same in the back office
 * (`admin.alerts`, which adds its own words) and the staff console (`staff.alerts`).
 */
export const orderAlertsEs = {
  soundOn: 'Sonido: activado',
  soundHint: 'Un sonido cuando llega un pedido nuevo',
  enableHint: 'Un aviso del navegador por cada pedido nuevo, aunque estés en otra pestaña',
  soundOff: 'Sonido: silenciado',
  enable: 'Activar avisos',
  enabled: 'Avisos activados',
  blocked: 'El navegador bloquea los avisos; el sonido y la lista siguen funcionando.',
  unsupported: 'Este navegador no muestra avisos; el sonido y la lista siguen funcionando.',
  newOrder: 'Nuevo pedido N° {{number}}',
  newOrderBody: '{{place}} · {{total}} · {{shipping}}',
};
